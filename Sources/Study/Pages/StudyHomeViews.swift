import Foundation
import Platform
import PlatformCore
import Plot
import SproutAPI
import Vapor

/// The home page: where the search is centred (in words, found by name or by the browser's
/// position), the radar or the map, the nearest people with how far each is and in which 동, the
/// gender filter and the floating button that follows my queue state (spec §3: search, waiting,
/// matched).
enum StudyHomeViews {
    static func home(
        _ context: PageContext, me: Study.User, place: StudyWhereViews.Model, blips: [StudyRadar.Blip], radius: Double,
        state: StudyQueue.State, live: StudyLiveState, map: StudyMap?
    ) -> Response {
        let response = PageLayout.render(title: context.pick(ko: "새싹 스터디", en: "SeSAC Study"), context: context, .group(
            StudyViews.nav(context, current: "home"),
            .h1(.text(context.pick(ko: "\(me.nick)님 주변의 새싹", en: "People around \(me.nick)"))),
            StudyWhereViews.card(place, context),
            .div(
                .class("filter-bar"),
                .forEach(StudyGenderFilter.allCases) { option in
                    .a(.id("filter-\(option.rawValue)"), .class(option == place.filter ? "button small" : "button small secondary"),
                       .href(StudyPaths.home(gender: option)), .text(label(option, context)))
                }
            ),
            .div(
                .class("radar-frame"), StudyRadar.svg(blips, radius: radius, context),
                .unwrap(map) { slippyMap($0, point: place.point, blips: blips, radius: radius) }, floatingButton(state, context)
            ),
            .p(.id("radar-count"), .class("hint"), .text(context.pick(
                ko: "반경 \(DistanceText.text(metres: radius)) 안에서 \(blips.count)명이 스터디를 기다리고 있어요.",
                en: "\(blips.count) people are waiting within \(DistanceText.text(metres: radius))."))),
            StudyWhereViews.nearbyList(blips, context),
            StudyViews.live(live)
        ))
        if let map {
            response.headers.replaceOrAdd(name: "Content-Security-Policy", value: SecurityHeadersMiddleware.contentSecurityPolicy(imagesAlsoFrom: [map.tileOrigin]))
        }
        return response
    }

    /// One marker of the map: where the person waits (the search answer the apps get shows it
    /// too) and the words the radar and the list use for them.
    struct MapPerson: Encodable {
        let lat: Double
        let long: Double
        let label: String
    }

    /// Where `study.js` draws the map, when an operator configured tiles: the radar stays under
    /// it for a browser without scripts or when the tile server cannot be reached.
    private static func slippyMap(_ map: StudyMap, point: (lat: Double, long: Double), blips: [StudyRadar.Blip], radius: Double) -> Node<HTML.BodyContext> {
        let people = blips.map { MapPerson(lat: $0.person.lat, long: $0.person.long, label: $0.label) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let peopleJSON = (try? encoder.encode(people)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
        return .div(
            .id("study-map"), .class("study-map"), .attribute(named: "hidden", value: "hidden"),
            .data(named: "tiles", value: map.tiles), .data(named: "attribution", value: map.attribution),
            .data(named: "lat", value: String(point.lat)), .data(named: "long", value: String(point.long)),
            .data(named: "radius", value: String(radius)), .data(named: "people", value: peopleJSON)
        )
    }

    /// The magnifier, the antenna or the envelope, as in the apps.
    static func floatingButton(_ state: StudyQueue.State, _ context: PageContext) -> Node<HTML.BodyContext> {
        let (kind, icon, path, label): (String, Icon, String, String) = switch state {
        case .normal: ("search", .search, StudyPaths.input.link, context.pick(ko: "스터디 찾기", en: "Find a study"))
        case .waiting: ("waiting", .radar, StudyPaths.results.link, context.pick(ko: "찾는 중", en: "Searching"))
        case .matched: ("matched", .mail, StudyPaths.matched.link, context.pick(ko: "매칭됨", en: "Matched"))
        }
        return .a(.id("study-float"), .class("study-float \(kind)"), .data(named: "state", value: kind), .href(path),
                  .span(.class("study-float-icon"), icon.node()), .span(.text(label)))
    }

    private static func label(_ filter: StudyGenderFilter, _ context: PageContext) -> String {
        switch filter {
        case .all: context.pick(ko: "전체", en: "All")
        case .man: context.pick(ko: "남자", en: "Men")
        case .woman: context.pick(ko: "여자", en: "Women")
        }
    }
}
