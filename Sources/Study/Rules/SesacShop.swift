import Fluent
import Foundation
import Platform
import PlatformCore
import SproutAPI

/// The 새싹 shop (spec §5): buying a face or a background with an App Store receipt, and
/// choosing which owned face and background the profile shows.
struct SesacShop: Sendable {
    /// An app receipt grows with every purchase; a few hundred kilobytes is far beyond any real one.
    static let receiptLength = 512 * 1024
    static let productLength = 200

    let receipts: any ReceiptVerifier
    let clock: WallClock

    enum PurchaseResult: Equatable {
        case granted
        case invalidReceipt
    }

    /// Grants the item `product` names when the receipt holds a purchase of it that no one was
    /// granted before. A purchase already granted to me answers `.granted` again (a client
    /// retrying after a lost answer, or restoring after signing up anew); one granted to someone
    /// else is a replay and refused.
    func buy(_ uid: String, form: StudyForm, on db: any Database) async throws -> PurchaseResult {
        guard let receipt = form.value("receipt"), !receipt.isEmpty, receipt.utf8.count <= Self.receiptLength else {
            throw StudyError.invalid(.receipt)
        }
        guard let product = form.value("product"), !product.isEmpty, product.count <= Self.productLength else {
            throw StudyError.invalid(.product)
        }
        guard try await StudyProfile.find(uid, on: db) != nil else { throw StudyError.notSignedUp }
        guard let item = Study.ShopCatalogue.item(productID: product) else { return .invalidReceipt }
        guard case let .valid(purchases) = try await receipts.verify(receipt) else { return .invalidReceipt }
        let transactions = purchases.filter { $0.productID == product }.map(\.transactionID)
        guard !transactions.isEmpty else { return .invalidReceipt }
        do {
            return try await grant(item, transactions: transactions, to: uid, on: db)
        } catch let error as any DatabaseError where error.isConstraintFailure {
            // Someone presented the same transaction at the same moment and won: read it again.
            return try await grant(item, transactions: transactions, to: uid, on: db)
        }
    }

    private func grant(_ item: Study.ShopCatalogue.Item, transactions: [String], to uid: String, on db: any Database) async throws -> PurchaseResult {
        let now = clock.now()
        return try await db.writeTransaction { db in
            guard let profile = try await StudyProfile.findLocked(uid, on: db) else { throw StudyError.notSignedUp }
            let granted = try await ShopTransaction.query(on: db).filter(\.$id ~~ transactions).all()
            let transaction: String
            // Mine only for the product it was granted for: a receipt naming an old transaction
            // of mine under another product (only a forged one can) buys nothing.
            if let mine = granted.first(where: { $0.uid == uid && $0.productID == item.productID })?.id {
                transaction = mine
            } else if let fresh = transactions.first(where: { id in !granted.contains { $0.id == id } }) {
                try await ShopTransaction(transactionID: fresh, uid: uid, productID: item.productID ?? "", grantedAt: now).create(on: db)
                transaction = fresh
            } else {
                return .invalidReceipt
            }
            switch item.kind {
            case .face where !profile.sesacCollection.contains(item.index): profile.sesacCollection.append(item.index)
            case .background where !profile.backgroundCollection.contains(item.index): profile.backgroundCollection.append(item.index)
            default: break
            }
            if !profile.transactionIDs.contains(transaction) { profile.transactionIDs.append(transaction) }
            try await profile.save(on: db)
            return .granted
        }
    }

    enum ChoiceResult: Equatable {
        case saved
        case notOwned
    }

    /// Shows the face and background the form names, when both are owned.
    func choose(_ uid: String, form: StudyForm, on db: any Database) async throws -> ChoiceResult {
        guard let face = form.value("sesac").flatMap(StudyNumber.int), Study.ShopCatalogue.faces.indices.contains(face) else {
            throw StudyError.invalid(.sesac)
        }
        guard let background = form.value("background").flatMap(StudyNumber.int), Study.ShopCatalogue.backgrounds.indices.contains(background) else {
            throw StudyError.invalid(.background)
        }
        return try await db.writeTransaction { db in
            guard let profile = try await StudyProfile.find(uid, on: db) else { throw StudyError.notSignedUp }
            guard Study.ShopCatalogue.owns(profile.sesacCollection, face), Study.ShopCatalogue.owns(profile.backgroundCollection, background) else { return .notOwned }
            profile.sesac = face
            profile.background = background
            try await profile.save(on: db)
            return .saved
        }
    }
}
