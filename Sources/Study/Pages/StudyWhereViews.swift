import Foundation
import Platform
import Plot
import SproutAPI
import Vapor

/// Where the study looks, on the page: the 동 the search is centred on in words, "현재 위치 사용",
/// a search of the place list by name (a 동, or a 시/군/구 named with its province: 서울 중구,
/// 부산 중구), and latitude and longitude only behind a disclosure, for a browser without scripts.
/// And where each person found is: how far, and in which 동.
enum StudyWhereViews {
    struct Model {
        let point: (lat: Double, long: Double)
        /// The 동 the centre is in; nil at sea or abroad.
        let dong: Neighbourhoods.Place?
        /// What was typed to find a place, and what it found.
        let search: String
        let found: [StudyPlaces.Choice]
        let filter: StudyGenderFilter
    }

    /// How many people the home page lists under the radar; the results page has them all.
    static let homeListLimit = 5

    static func card(_ model: Model, _ context: PageContext) -> Node<HTML.BodyContext> {
        .section(
            .id("where"), .class("card where-card"), .attribute(named: "aria-labelledby", value: "where-title"),
            .h2(.id("where-title"), .text(context.pick(ko: "어디서 찾을까요?", en: "Where to look"))),
            now(model.dong, context),
            .div(
                .class("where-actions"),
                .button(
                    .id("use-my-location"), .type(.button), .class("secondary"), .attribute(named: "hidden", value: "hidden"),
                    .data(named: "locating", value: context.pick(ko: "위치를 확인하고 있어요…", en: "Finding where you are…")),
                    .data(named: "denied", value: context.pick(
                        ko: "위치를 알 수 없어요. 브라우저에서 위치 사용을 허용하거나 동 이름으로 찾아 주세요.",
                        en: "Your position is unknown: let this site use your location, or find your 동 by name.")),
                    Icon.pin.node(), .text(context.pick(ko: " 현재 위치 사용", en: " Use my location"))
                )
            ),
            .p(.id("location-status"), .class("hint"), .attribute(named: "role", value: "status")),
            searchForm(model, context),
            results(model.found, search: model.search, filter: model.filter, context),
            manualForm(model.point, filter: model.filter, context)
        )
    }

    /// "서울 마포구 망원제1동 주변을 보고 있어요."
    private static func now(_ dong: Neighbourhoods.Place?, _ context: PageContext) -> Node<HTML.BodyContext> {
        guard let dong else {
            return .p(.id("where-now"), .class("where-now"), Icon.pin.node(),
                      .text(context.pick(ko: " 고른 지점 주변을 보고 있어요.", en: " Looking around the chosen point.")))
        }
        return .p(
            .id("where-now"), .class("where-now"), .data(named: "code", value: dong.code), Icon.pin.node(),
            .text(context.pick(ko: " ", en: " Looking around ")), .strong(.text(dong.fullName)),
            .text(context.pick(ko: " 주변을 보고 있어요.", en: "."))
        )
    }

    /// A place found by name: without scripts the form comes back with the list; with them,
    /// `study.js` fills the same list from `data-suggest` as the person types.
    private static func searchForm(_ model: Model, _ context: PageContext) -> Node<HTML.BodyContext> {
        .form(
            .id("place-search-form"), .class("place-search"), .action(path: StudyPaths.home.link), .method(.get),
            .attribute(named: "role", value: "search"), .data(named: "suggest", value: StudyPaths.placeSearch.link),
            .input(.type(.hidden), .name("gender"), .value(model.filter.rawValue)),
            .label(.for(field: "place-search"), .text(context.pick(ko: "동네 이름으로 찾기", en: "Find a place by name"))),
            .div(
                .class("search-form"),
                .input(
                    .type(.search), .name("q"), .id("place-search"), .value(model.search),
                    .attribute(named: "maxlength", value: String(Places.maxQueryLength)),
                    .attribute(named: "autocomplete", value: "off"), .attribute(named: "aria-controls", value: "place-results"),
                    .attribute(named: "aria-describedby", value: "place-search-hint"),
                    .placeholder(text: context.pick(ko: "예: 망원동, 서울 중구", en: "e.g. 망원동, 서울 중구"))
                ),
                .button(.type(.submit), .id("place-search-submit"), .text(context.pick(ko: "찾기", en: "Search")))
            ),
            .p(.id("place-search-hint"), .class("hint"), .text(context.pick(
                ko: "동·읍·면이나 시/군/구 이름으로 찾아요. 같은 이름은 시/도로 구별해요.",
                en: "A 동, 읍 or 면, or a city or district; a name used twice says its province.")))
        )
    }

    private static func results(_ found: [StudyPlaces.Choice], search: String, filter: StudyGenderFilter, _ context: PageContext) -> Node<HTML.BodyContext> {
        .group(
            .p(.id("place-results-status"), .class("hint"), .attribute(named: "role", value: "status"),
               .text(search.isEmpty ? "" : status(found.count, search: search, context))),
            .ul(.id("place-results"), .class("place-results"), .forEach(found) { choice in
                .li(.a(
                    .class("place-choice"), .href(StudyPaths.home(choosing: choice, gender: filter)), .data(named: "code", value: code(choice)),
                    .span(.class("place-name"), .text(choice.label)), .text(" "), .span(.class("badge"), .text(kind(choice, context)))
                ))
            })
        )
    }

    /// The fields the browser's position is sent in ("현재 위치 사용" fills them), shown to type
    /// into only when opened: a no-script fallback, not the way in.
    private static func manualForm(_ point: (lat: Double, long: Double), filter: StudyGenderFilter, _ context: PageContext) -> Node<HTML.BodyContext> {
        .element(named: "details", nodes: [
            .id("location-manual"), .class("location-manual"),
            .element(named: "summary", nodes: [.text(context.pick(ko: "위도·경도로 정하기", en: "Enter latitude and longitude"))]),
            .form(
                .id("location-form"), .class("location-form"), .action(path: StudyPaths.home.link), .method(.get),
                .input(.type(.hidden), .name("gender"), .value(filter.rawValue)),
                FormWidgets.text("lat", label: context.pick(ko: "위도", en: "Latitude"), value: String(format: "%.6f", point.lat), error: nil, inputMode: "decimal"),
                FormWidgets.text("long", label: context.pick(ko: "경도", en: "Longitude"), value: String(format: "%.6f", point.long), error: nil, inputMode: "decimal"),
                .button(.id("location-submit"), .type(.submit), .class("secondary"), .text(context.pick(ko: "이 위치로 보기", en: "Show this place")))
            ),
            .a(.id("location-campus"), .href(StudyPaths.home(at: StudyWebDraft.campus, gender: filter)),
               .text(context.pick(ko: "새싹 영등포 캠퍼스로", en: "Back to the SeSAC campus"))),
        ])
    }

    /// What the list's live region says after a search.
    static func status(_ count: Int, search: String, _ context: PageContext) -> String {
        guard count > 0 else {
            return context.pick(ko: "‘\(search)’(으)로 찾은 곳이 없어요. 망원동처럼 동 이름이나 서울 중구처럼 시/군/구로 찾아 보세요.",
                                en: "Nothing is called ‘\(search)’: try a 동 such as 망원동, or a district such as 서울 중구.")
        }
        return context.pick(ko: "\(count)곳을 찾았어요.", en: "Found \(context.count(count, ko: "곳", en: "place")).")
    }

    private static func kind(_ choice: StudyPlaces.Choice, _ context: PageContext) -> String {
        switch choice {
        case .neighbourhood: context.pick(ko: "읍·면·동", en: "Neighbourhood")
        case .district: context.pick(ko: "시/군/구", en: "City or district")
        }
    }

    private static func code(_ choice: StudyPlaces.Choice) -> String {
        switch choice {
        case let .neighbourhood(place): place.code
        case let .district(place): place.code
        }
    }

    /// `/study/places.json`: the places found, each with the link that centres the home page on
    /// it, and what the list's live region says.
    struct PlaceList: Content {
        struct Entry: Content {
            let code: String
            let label: String
            let kind: String
            let href: String
        }

        let places: [Entry]
        let status: String
    }

    static func placeList(_ found: [StudyPlaces.Choice], search: String, filter: StudyGenderFilter, _ context: PageContext) -> PlaceList {
        PlaceList(
            places: found.map { PlaceList.Entry(code: code($0), label: $0.label, kind: kind($0, context), href: StudyPaths.home(choosing: $0, gender: filter)) },
            status: search.isEmpty ? "" : status(found.count, search: search, context)
        )
    }

    /// Under the radar or the map: the nearest people waiting, each as the radar's dot and the
    /// map's marker name them, so every view says the same; the rest are on the results page.
    static func nearbyList(_ blips: [StudyRadar.Blip], _ context: PageContext) -> Node<HTML.BodyContext> {
        .if(!blips.isEmpty, .section(
            .id("nearby-people"), .class("nearby-people"), .attribute(named: "aria-labelledby", value: "nearby-people-title"),
            .h2(.id("nearby-people-title"), .text(context.pick(ko: "가까운 새싹", en: "Nearest people"))),
            .ul(.class("nearby-list"), .forEach(blips.prefix(homeListLimit)) { blip in
                .li(.data(named: "uid", value: blip.person.uid),
                    .strong(.class("nearby-nick"), .text(blip.person.nick)), .text(" "), whereabouts(blip.whereabouts))
            }),
            .if(blips.count > homeListLimit, .a(.id("nearby-more"), .href(StudyPaths.results(tab: .nearby)),
                                                .text(context.pick(ko: "\(blips.count)명 모두 보기", en: "See all \(blips.count)"))))
        ))
    }

    /// Over "새싹 찾기": where it waits, and the way to change that (the home page's place search).
    static func queueingAt(_ dong: Neighbourhoods.Place?, _ context: PageContext) -> Node<HTML.BodyContext> {
        .p(
            .id("queue-where"), .class("hint where-now"), Icon.pin.node(),
            .text(context.pick(ko: " ", en: " You will wait around ")),
            .strong(.text(dong?.fullName ?? context.pick(ko: "고른 지점", en: "the chosen point"))),
            .text(context.pick(ko: " 주변에서 기다려요. ", en: ". ")),
            .a(.id("queue-where-change"), .href(StudyPaths.home.link(query: [], fragment: "where")), .text(context.pick(ko: "위치 바꾸기", en: "Change")))
        )
    }

    /// "650m · 망원제2동", as one line.
    static func whereabouts(_ whereabouts: StudyPlaces.Whereabouts) -> Node<HTML.BodyContext> {
        .span(.class("whereabouts"), .text(whereabouts.text))
    }

    /// A result card with how far the person is and in which 동 above it.
    static func placed(_ card: Node<HTML.BodyContext>, _ whereabouts: StudyPlaces.Whereabouts?) -> Node<HTML.BodyContext> {
        .div(
            .class("study-result"),
            .unwrap(whereabouts) { .p(.class("study-where"), Icon.pin.node(), .text(" "), Self.whereabouts($0)) },
            card
        )
    }
}
