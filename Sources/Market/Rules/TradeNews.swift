import Fluent
import Foundation
import Platform
import SproutAPI
import Vapor

/// Tells the people of a trade what happened to it where they talk: a line in their conversation
/// about the product, written by the one who acted, and a notification to the other that opens
/// that conversation. After a sale to a buyer both sides are asked for their review.
struct TradeNews: Sendable {
    enum Event {
        /// The seller reserved the product for the person told, at `price`.
        case reserved(price: Int?)
        /// The seller took back the reservation, or the sale, of the person told.
        case released(wasSold: Bool)
        /// The seller sold the product to the person told, at `price`.
        case sold(price: Int?)
        /// The seller sold the product to someone else, or elsewhere.
        case soldToSomeoneElse
        /// The buyer offered this many won (가격 제안).
        case offered(Int)
        case offerAccepted(Int)
        case offerDeclined(Int)
    }

    let messenger: Messenger
    let notifications: AccountNotifications
    private let logger = Logger(label: "sprout.market.news")

    init(messenger: Messenger, notifications: AccountNotifications) {
        self.messenger = messenger
        self.notifications = notifications
    }

    /// Called after the change committed, so it never fails the request that made it: a line or
    /// a notification that could not be written is logged (its kind, never its words).
    func tell(_ event: Event, about product: Product, by actor: String, to other: String, on db: any Database) async {
        let kind = Self.kind(of: event)
        do {
            let names = Dictionary(try await Account.query(on: db).filter(\.$id ~~ [actor, other]).all().compactMap { account in
                account.id.map { ($0, account.displayName) }
            }) { first, _ in first }
            let (line, notice) = Self.words(event, title: product.name, by: names[actor] ?? "", to: names[other] ?? "")
            try await notifications.notify(other, app: "market", kind: kind, text: notice,
                                           link: try await say(line, about: product, by: actor, to: other, on: db), on: db)
        } catch {
            logger.warning("market news not delivered", metadata: ["kind": .string(kind.rawValue), "error": .string(String(describing: type(of: error)))])
        }
    }

    /// Tells everyone who wrote to the seller about the product, but `buyer`, that it went to
    /// someone else.
    func tellTheOthers(about product: Product, seller: String, buyer: String?, on db: any Database) async {
        let askers: [String]
        do {
            askers = try await messenger.conversations(about: TradeDesk.topic(of: product), of: seller, on: db).map(\.other.id)
        } catch {
            logger.warning("market news not delivered", metadata: ["kind": .string(Notifications.Kind.tradeNews.rawValue),
                                                                   "error": .string(String(describing: type(of: error)))])
            return
        }
        for asker in askers where asker != buyer {
            await tell(.soldToSomeoneElse, about: product, by: seller, to: asker, on: db)
        }
    }

    /// After a sale to `buyer`, asks each side for their review of the other.
    func askForReviews(of product: Product, seller: String, buyer: String, on db: any Database) async {
        let link = MarketPaths.review.link(product.id ?? 0)
        let text = AccountNotifications.Text(ko: "‘\(product.name)’ 거래는 어떠셨나요? 거래 후기를 남겨 주세요",
                                             en: "How was the trade of ‘\(product.name)’? Leave a review")
        for person in [buyer, seller] {
            do {
                try await notifications.notify(person, app: "market", kind: .reviewRequest, text: text, link: link, on: db)
            } catch {
                logger.warning("market news not delivered", metadata: ["kind": .string(Notifications.Kind.reviewRequest.rawValue),
                                                                       "error": .string(String(describing: type(of: error)))])
            }
        }
    }

    /// Writes the line in the conversation of the two about the product and answers where the
    /// notification leads: that conversation, or the product when a block keeps it closed.
    private func say(_ line: String, about product: Product, by actor: String, to other: String, on db: any Database) async throws -> String {
        let topic = TradeDesk.topic(of: product)
        do {
            try await messenger.say(line, about: topic, by: actor, to: other, on: db)
        } catch is ConversationError {
            return MarketPaths.product.link(product.id ?? 0)
        }
        let conversation = try await messenger.conversations(about: topic, of: other, on: db).first { $0.other.id == actor }
        return conversation.map { PlatformPaths.conversation.link($0.webID) } ?? MarketPaths.product.link(product.id ?? 0)
    }

    static func kind(of event: Event) -> Notifications.Kind {
        switch event {
        case .reserved, .released, .sold, .soldToSomeoneElse: .tradeNews
        case .offered, .offerAccepted, .offerDeclined: .priceOffer
        }
    }

    /// The conversation's line (in Korean, the language both people's app speaks) and the
    /// notification's words.
    static func words(_ event: Event, title: String, by name: String, to otherName: String) -> (line: String, notice: AccountNotifications.Text) {
        let item = "‘\(title)’"
        switch event {
        case let .reserved(price):
            return ("📌 \(item)\(KoreanParticle.object(after: title)) \(otherName)님에게 예약했어요\(said(price).map { " (\($0.ko))" } ?? "")",
                    .init(ko: "\(name)님이 \(item)\(KoreanParticle.object(after: title)) 회원님에게 예약했어요", en: "\(name) reserved \(item) for you"))
        case .released(wasSold: true):
            return ("↩️ 거래 완료를 취소했어요", .init(ko: "\(name)님이 \(item) 거래 완료를 취소했어요", en: "\(name) took back the sale of \(item) to you"))
        case .released(wasSold: false):
            return ("↩️ 예약을 취소했어요", .init(ko: "\(name)님이 \(item) 예약을 취소했어요", en: "\(name) cancelled your reservation of \(item)"))
        case let .sold(price):
            return ("🤝 거래가 완료됐어요\(said(price).map { " (\($0.ko))" } ?? "")",
                    .init(ko: "\(name)님과의 \(item) 거래가 완료됐어요", en: "Your trade of \(item) with \(name) is done"))
        case .soldToSomeoneElse:
            return ("다른 분과 거래가 완료됐어요", .init(ko: "\(item) 거래가 다른 분과 완료됐어요", en: "\(item) was sold to someone else"))
        case let .offered(price):
            let amount = won(price)
            return ("💰 \(amount.ko)에 가격을 제안했어요", .init(ko: "\(name)님이 \(item)에 \(amount.ko)을 제안했어요", en: "\(name) offered \(amount.en) for \(item)"))
        case let .offerAccepted(price):
            let amount = won(price)
            return ("✅ \(amount.ko) 가격 제안을 수락했어요",
                    .init(ko: "\(name)님이 \(item) \(amount.ko) 제안을 수락했어요", en: "\(name) accepted your offer of \(amount.en) for \(item)"))
        case let .offerDeclined(price):
            let amount = won(price)
            return ("\(amount.ko) 가격 제안을 거절했어요",
                    .init(ko: "\(name)님이 \(item) \(amount.ko) 제안을 거절했어요", en: "\(name) declined your offer of \(amount.en) for \(item)"))
        }
    }

    /// A trade's price as a line says it: 나눔 for nothing.
    private static func said(_ price: Int?) -> (ko: String, en: String)? {
        price.map { $0 == 0 ? (ko: "나눔", en: "free") : won($0) }
    }

    private static func won(_ amount: Int) -> (ko: String, en: String) {
        (MoneyText.grouped(amount) + "원", "₩" + MoneyText.grouped(amount))
    }
}
