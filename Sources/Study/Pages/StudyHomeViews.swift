import Foundation
import Platform
import Plot
import SproutAPI
import Vapor

/// The home page: where the search is centred, the radar, the gender filter and the floating
/// button that follows my queue state (spec §3: search, waiting, matched).
enum StudyHomeViews {
    static func home(
        _ context: PageContext, me: Study.User, point: (lat: Double, long: Double), filter: StudyGenderFilter,
        blips: [StudyRadar.Blip], radius: Double, state: StudyQueue.State, live: StudyLiveState, map: StudyMap?,
        neighbourhoods: Districts, chosenPlace: String?
    ) -> Response {
        let response = PageLayout.render(title: context.pick(ko: "새싹 스터디", en: "SeSAC Study"), context: context, .group(
            StudyViews.nav(context, current: "home"),
            .h1(.text(context.pick(ko: "\(me.nick)님 주변의 새싹", en: "People around \(me.nick)"))),
            .div(
                .class("filter-bar"),
                .forEach(StudyGenderFilter.allCases) { option in
                    .a(.id("filter-\(option.rawValue)"), .class(option == filter ? "button small" : "button small secondary"),
                       .href(StudyPaths.home(gender: option)), .text(label(option, context)))
                }
            ),
            .div(
                .class("radar-frame"), StudyRadar.svg(blips, radius: radius, context),
                .unwrap(map) { slippyMap($0, point: point, blips: blips, radius: radius) }, floatingButton(state, context)
            ),
            .p(.id("radar-count"), .class("hint"), .text(context.pick(
                ko: "반경 \(Int(radius)) m 안에서 \(blips.count)명이 스터디를 기다리고 있어요.",
                en: "\(blips.count) people are waiting within \(Int(radius)) m."))),
            locationForm(point, filter: filter, context),
            placeForm(neighbourhoods, chosen: chosenPlace, filter: filter, context),
            StudyViews.live(live)
        ))
        if let map {
            response.headers.replaceOrAdd(name: "Content-Security-Policy", value: SecurityHeadersMiddleware.contentSecurityPolicy(imagesAlsoFrom: [map.tileOrigin]))
        }
        return response
    }

    /// Where `study.js` draws the map, when an operator configured tiles: the radar stays under
    /// it for a browser without scripts or when the tile server cannot be reached.
    private static func slippyMap(_ map: StudyMap, point: (lat: Double, long: Double), blips: [StudyRadar.Blip], radius: Double) -> Node<HTML.BodyContext> {
        let people = blips.map { [$0.person.lat, $0.person.long] }
        let peopleJSON = (try? JSONEncoder().encode(people)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
        return .div(
            .id("study-map"), .class("study-map"), .attribute(named: "hidden", value: "hidden"),
            .data(named: "tiles", value: map.tiles), .data(named: "attribution", value: map.attribution),
            .data(named: "lat", value: String(point.lat)), .data(named: "long", value: String(point.long)),
            .data(named: "radius", value: String(radius)), .data(named: "people", value: peopleJSON)
        )
    }

    /// Where the search is centred: the browser's location (`study.js` fills it in when the
    /// person allows it) or any point typed here; the SeSAC campus until then.
    private static func locationForm(_ point: (lat: Double, long: Double), filter: StudyGenderFilter, _ context: PageContext) -> Node<HTML.BodyContext> {
        .div(
            .class("card location-card"),
            .form(
                .id("location-form"), .class("location-form"), .action(path: StudyPaths.home.link), .method(.get),
                .input(.type(.hidden), .name("gender"), .value(filter.rawValue)),
                FormWidgets.text("lat", label: context.pick(ko: "위도", en: "Latitude"), value: String(format: "%.6f", point.lat), error: nil, inputMode: "decimal"),
                FormWidgets.text("long", label: context.pick(ko: "경도", en: "Longitude"), value: String(format: "%.6f", point.long), error: nil, inputMode: "decimal"),
                .button(.id("location-submit"), .type(.submit), .class("secondary"), .text(context.pick(ko: "이 위치로 보기", en: "Show this place"))),
                .button(.id("use-my-location"), .type(.button), .class("secondary"), .attribute(named: "hidden", value: "hidden"),
                        .data(named: "denied", value: context.pick(ko: "위치 권한이 없어 새싹 캠퍼스 주변을 보여 드려요.", en: "No location permission: showing the SeSAC campus.")),
                        Icon.pin.node(), .text(context.pick(ko: " 내 위치", en: " My location")))
            ),
            .p(.id("location-status"), .class("hint"), .attribute(named: "aria-live", value: "polite")),
            .a(.id("location-campus"), .href(StudyPaths.home(at: StudyWebDraft.campus, gender: filter)),
               .text(context.pick(ko: "새싹 영등포 캠퍼스로", en: "Back to the SeSAC campus")))
        )
    }

    /// A 시/군/구 to centre on, for when the browser keeps its location to itself and there is no
    /// map to point at: one list grouped by province, which needs no script.
    private static func placeForm(_ neighbourhoods: Districts, chosen: String?, filter: StudyGenderFilter, _ context: PageContext) -> Node<HTML.BodyContext> {
        .form(
            .id("place-form"), .class("card location-form"), .action(path: StudyPaths.home.link), .method(.get),
            .input(.type(.hidden), .name("gender"), .value(filter.rawValue)),
            .div(
                .class("field"),
                .label(.for(field: "place"), .text(context.pick(ko: "동네 고르기", en: "Choose a district"))),
                .select(
                    .id("place"), .attribute(named: "name", value: "place"),
                    FormWidgets.option("", context.pick(ko: "시/군/구", en: "City or district"), selected: chosen == nil),
                    .forEach(neighbourhoods.byProvince) { group in
                        .element(named: "optgroup", nodes: [
                            .attribute(named: "label", value: group.province),
                            .forEach(group.places) { place in
                                FormWidgets.option(place.code, place.district, selected: place.code == chosen)
                            },
                        ])
                    }
                )
            ),
            .button(.id("place-submit"), .type(.submit), .class("secondary"), .text(context.pick(ko: "이 동네로 보기", en: "Show this district")))
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
