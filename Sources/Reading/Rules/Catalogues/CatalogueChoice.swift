import Foundation
import Platform
import PlatformCore
import Vapor

extension CatalogueSettings {
    /// The catalogue these settings name: the local one alone, one outside catalogue alone, or
    /// several merged (`MergedCatalogue`), the local one's hits first when it is named.
    func catalogue(client: @escaping @Sendable () -> any Client, clock: WallClock, calendar: ReadingCalendar) -> any BookCatalogue {
        let providers: [MergedCatalogue.Provider] = sources.compactMap { source in
            let catalogue: (any BookCatalogue)? = switch source {
            case .local: nil
            case .google: google.map { GoogleBooksCatalogue(settings: $0, client: client, clock: clock, calendar: calendar, logger: Logger(label: "sprout.reading.google-books")) }
            case .openlibrary: openLibrary.map { OpenLibraryCatalogue(settings: $0, client: client, clock: clock, calendar: calendar, logger: Logger(label: "sprout.reading.open-library")) }
            case .kakao: kakao.map { KakaoBookCatalogue(settings: $0, client: client, clock: clock, calendar: calendar, logger: Logger(label: "sprout.reading.kakao")) }
            case .aladin: aladin.map { AladinCatalogue(settings: $0, client: client, clock: clock, calendar: calendar, logger: Logger(label: "sprout.reading.aladin")) }
            }
            return catalogue.map { MergedCatalogue.Provider(name: source.rawValue, catalogue: $0) }
        }
        let local = sources.contains(.local) ? LocalCatalogue(clock: clock) : nil
        if providers.isEmpty { return LocalCatalogue(clock: clock) }
        if local == nil, providers.count == 1, let only = providers.first { return only.catalogue }
        return MergedCatalogue(local: local, providers: providers, lists: providers.first { $0.name == Source.aladin.rawValue }, clock: clock)
    }
}
