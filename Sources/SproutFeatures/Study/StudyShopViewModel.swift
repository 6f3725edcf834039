import Foundation
import Observation
import SproutAPI
import SproutKit

/// The 새싹샵 (spec §5, §7): the profile card previews a face on a background, the two tabs list
/// the catalogue with "보유" on what I own, a purchase StoreKit completed is recorded with its
/// receipt, and "저장" shows the previewed pair on my profile. StoreKit itself stays in the app:
/// it hands `purchased(receipt:product:)` the base64 receipt once a transaction is `.purchased`.
@MainActor @Observable
public final class StudyShopViewModel {
    // MARK: Outputs
    public let faces = Study.ShopCatalogue.faces
    public let backgrounds = Study.ShopCatalogue.backgrounds
    public private(set) var ownedFaces: [Int] = [0]
    public private(set) var ownedBackgrounds: [Int] = [0]
    /// What the card shows: mine after loading, then what was tapped.
    public private(set) var previewFace = 0
    public private(set) var previewBackground = 0
    public private(set) var isBusy = false
    public private(set) var alert: StudyMessage?

    public func isOwned(_ item: Study.ShopCatalogue.Item) -> Bool {
        Study.ShopCatalogue.owns(item.kind == .face ? ownedFaces : ownedBackgrounds, item.index)
    }

    let study: any StudyService

    public init(study: any StudyService) {
        self.study = study
    }

    // MARK: Inputs

    public func viewDidAppear() async {
        await refresh(resettingPreview: true)
    }

    public func itemTapped(_ item: Study.ShopCatalogue.Item) {
        switch item.kind {
        case .face: previewFace = item.index
        case .background: previewBackground = item.index
        }
    }

    /// StoreKit finished a purchase of `product`: record it, then read what I own again.
    /// Returns whether the server gave its final word (granted or refused): only then should the
    /// app finish the StoreKit transaction. After a network failure or a 500 (Apple could not be
    /// asked) it stays unfinished, so StoreKit hands it over again and it is sent once more.
    @discardableResult
    public func purchased(receipt: String, product: String) async -> Bool {
        isBusy = true
        defer { isBusy = false }
        do {
            if try await study.buy(receipt: receipt, product: product) == .invalidReceipt { alert = .purchaseRefused }
            await refresh(resettingPreview: false)
            return true
        } catch {
            alert = StudyMessage.failure(error)
            return false
        }
    }

    public func saveTapped() async {
        isBusy = true
        defer { isBusy = false }
        do {
            switch try await study.chooseItems(sesac: previewFace, background: previewBackground) {
            case .saved: alert = .saved
            case .notOwned: alert = .needsPurchase
            }
        } catch {
            alert = StudyMessage.failure(error)
        }
    }

    public func alertDismissed() { alert = nil }

    private func refresh(resettingPreview: Bool) async {
        do {
            let me = try await study.shopInfo()
            ownedFaces = me.sesacCollection
            ownedBackgrounds = me.backgroundCollection
            if resettingPreview {
                previewFace = me.sesac
                previewBackground = me.background
            }
        } catch {
            alert = StudyMessage.failure(error)
        }
    }
}
