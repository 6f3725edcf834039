import Foundation
import Platform
import Plot

/// The seller's controls on their product page: bump it to the top (끌올), with the rule on the
/// button and, until the next bump is allowed, from when; hide it or show it again.
enum ListingControlViews {
    /// What the controls show about one product.
    struct Controls {
        let productID: Int
        let state: SaleState
        let hidden: Bool
        /// Why a bump now would be refused; nil when it would not.
        let bumpRefusal: ListingControlError?

        init(_ product: Product, now: Date) {
            productID = product.id ?? 0
            state = SaleState(rawValue: product.saleState) ?? .selling
            hidden = product.hidden
            bumpRefusal = ProductBumps.refusal(of: product, at: now)
        }
    }

    static func section(_ controls: Controls, _ context: PageContext) -> Node<HTML.BodyContext> {
        let id = controls.productID
        return .section(
            .id("listing-controls"), .class("card listing-controls"),
            .if(controls.hidden, .p(.class("notice"), .id("hidden-notice"), .text(context.pick(
                ko: "숨긴 상품이에요. 목록과 검색에 나오지 않고, 나와 거래한 사람만 볼 수 있어요.",
                en: "This product is hidden: it is in no list or search, and only you and the person you trade with can see it."
            )))),
            .div(
                .class("inline-actions"),
                .form(
                    .id("bump-form"), .method(.post), .action(path: MarketPaths.bump.link(id)), PageLayout.csrfField(context),
                    .button(.id("bump-button"), .type(.submit), .class("secondary"), .if(controls.bumpRefusal != nil, .group(.attribute(named: "disabled"), .attribute(named: "aria-describedby", value: "bump-hint"))),
                            .text(bumpLabel(context)))
                ),
                .form(
                    .id(controls.hidden ? "unhide-form" : "hide-form"), .method(.post),
                    .action(path: controls.hidden ? MarketPaths.unhide.link(id) : MarketPaths.hide.link(id)), PageLayout.csrfField(context),
                    .button(.id(controls.hidden ? "unhide-button" : "hide-button"), .type(.submit), .class("secondary"),
                            .text(controls.hidden ? context.pick(ko: "숨김 해제", en: "Show again") : context.pick(ko: "숨기기", en: "Hide")))
                )
            ),
            .unwrap(controls.bumpRefusal) { .p(.class("hint"), .id("bump-hint"), .text(why($0, context))) }
        )
    }

    /// The button states the rule: "끌어올리기 (3일에 한 번)".
    static func bumpLabel(_ context: PageContext) -> String {
        let days = ProductBumps.intervalDays
        return context.pick(ko: "끌어올리기 (\(days)일에 한 번)", en: "Bump to top (once every \(days) days)")
    }

    static func why(_ refusal: ListingControlError, _ context: PageContext) -> String {
        switch refusal {
        case let .bumpTooSoon(next):
            let when = moment(next, context)
            return context.pick(ko: "\(when)부터 다시 끌어올릴 수 있어요", en: "You can bump it again from \(when)")
        case .notForSale: return context.pick(ko: "판매중인 상품만 끌어올릴 수 있어요.", en: "Only a product for sale can be bumped.")
        case .hidden: return context.pick(ko: "숨김을 해제하면 끌어올릴 수 있어요.", en: "Show it again to bump it.")
        case .notSeller: return ""
        }
    }

    /// "11월 30일 오후 3:12" and "Nov 30, 3:12 PM", in Seoul, rounded up to the minute so that the
    /// moment named is never refused.
    static func moment(_ date: Date, _ context: PageContext) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Asia/Seoul") ?? .gmt
        let minute = Date(timeIntervalSince1970: (date.timeIntervalSince1970 / 60).rounded(.up) * 60)
        let parts = calendar.dateComponents([.month, .day, .hour, .minute], from: minute)
        let (month, day, hour, minutes) = (parts.month ?? 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0)
        let clock = "\(hour % 12 == 0 ? 12 : hour % 12):" + (minutes < 10 ? "0" : "") + String(minutes)
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return context.pick(ko: "\(month)월 \(day)일 \(hour < 12 ? "오전" : "오후") \(clock)",
                            en: "\(months[min(max(month - 1, 0), 11)]) \(day), \(clock) \(hour < 12 ? "AM" : "PM")")
    }
}
