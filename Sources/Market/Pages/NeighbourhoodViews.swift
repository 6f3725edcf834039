import Foundation
import Platform
import PlatformCore
import Plot
import SproutAPI
import Vapor

/// My 동네 page: the 동 I chose with their verification, the range with its three distances, and
/// a search of the place list to add one from.
enum NeighbourhoodViews {
    /// What the person just did, confirmed at the top.
    enum Done: String, Codable {
        case added, removed, current, range, verified

        func message(_ context: PageContext) -> String {
            switch self {
            case .added: context.pick(ko: "동네를 추가했어요.", en: "Added.")
            case .removed: context.pick(ko: "동네를 지웠어요.", en: "Removed.")
            case .current: context.pick(ko: "현재 동네를 바꿨어요.", en: "Your current 동 is changed.")
            case .range: context.pick(ko: "동네 범위를 저장했어요.", en: "Your range is saved.")
            case .verified: context.pick(ko: "동네 인증을 마쳤어요.", en: "Verified.")
            }
        }
    }

    struct Model {
        let setting: MyNeighbourhoods.Setting
        let search: String
        let found: [Neighbourhoods.Place]
        let done: Done?
        let error: String?
    }

    static func page(_ model: Model, _ context: PageContext, status: HTTPResponseStatus = .ok) -> Response {
        let title = context.pick(ko: "내 동네 설정", en: "My neighbourhoods")
        return PageLayout.render(title: title, context: context, status: status, .group(
            MarketViews.nav(context, current: "browse"),
            .h1(.id("neighbourhoods-title"), .text(title)),
            .unwrap(model.done) { .p(.class("notice"), .id("neighbourhoods-notice"), .attribute(named: "role", value: "status"), .text($0.message(context))) },
            .unwrap(model.error) { .p(.class("field-error"), .id("neighbourhoods-error"), .attribute(named: "role", value: "alert"), .text($0)) },
            chosen(model.setting, context),
            .if(!model.setting.chosen.isEmpty, rangeForm(model.setting.range, context)),
            search(model, context)
        ))
    }

    /// "가까운 동네 · 3km": a range as the page and the browse tabs name it.
    static func rangeName(_ range: NeighbourhoodRange, _ context: PageContext) -> String {
        let name = switch range {
        case .near: context.pick(ko: "가까운 동네", en: "Near")
        case .farther: context.pick(ko: "조금 먼 동네", en: "A bit farther")
        case .farthest: context.pick(ko: "먼 동네", en: "Far")
        }
        return name + " · " + String(format: "%.0f", range.radius / 1_000) + context.pick(ko: "km", en: " km")
    }

    /// What a refusal says on a page.
    static func message(_ error: NeighbourhoodError, _ context: PageContext) -> String {
        switch error {
        case let .tooMany(maximum):
            context.pick(ko: "동네는 \(maximum)곳까지 정할 수 있어요. 하나를 지우고 추가해 주세요.", en: "You can have up to \(maximum): remove one first.")
        case .unknownPlace: context.pick(ko: "목록에 없는 동이에요.", en: "That 동 is not in the list.")
        case .notChosen: context.pick(ko: "내 동네가 아니에요.", en: "That 동 is not one of yours.")
        case .unknownRange: context.pick(ko: "범위를 골라 주세요.", en: "Choose a range.")
        case .invalidPosition:
            context.pick(ko: "지금 위치를 알 수 없어요. 브라우저에서 위치 사용을 허용해 주세요.", en: "Your position is unknown: let this site use your location.")
        case let .tooFar(distance, limit):
            context.pick(ko: "지금 위치가 동네 중심에서 \(MyNeighbourhoods.kilometres(distance))km 떨어져 있어요. \(MyNeighbourhoods.kilometres(limit))km 안에서 인증할 수 있어요.",
                         en: "You are \(MyNeighbourhoods.kilometres(distance)) km from the centre of that 동; it is verified within \(MyNeighbourhoods.kilometres(limit)) km.")
        case .noNeighbourhood: context.pick(ko: "먼저 내 동네를 정해 주세요.", en: "Choose your 동네 first.")
        case .invalidQuery: context.pick(ko: "주소를 확인해 주세요.", en: "Check the address.")
        }
    }

    /// "11월 29일": the day in Seoul, as a badge says when.
    static func monthDay(_ date: Date, _ context: PageContext) -> String {
        date.formatted(Date.FormatStyle(date: .omitted, time: .omitted, locale: Locale(identifier: context.pick(ko: "ko_KR", en: "en_US")),
                                        timeZone: SeoulTime.zone).month(.abbreviated).day())
    }

    private static func chosen(_ setting: MyNeighbourhoods.Setting, _ context: PageContext) -> Node<HTML.BodyContext> {
        .section(
            .class("card"), .id("my-neighbourhoods"),
            .h2(.text(context.pick(ko: "내 동네 (\(MyNeighbourhoods.maximum)곳까지)", en: "Mine (up to \(MyNeighbourhoods.maximum))"))),
            .if(setting.chosen.isEmpty, .p(.class("hint"), .id("no-neighbourhood"),
                                           .text(context.pick(ko: "아직 동네가 없어요. 아래에서 동 이름으로 찾아 추가해 주세요.",
                                                              en: "None yet: find your 동 by its name below and add it.")))),
            .ul(.class("neighbourhood-list"), .forEach(setting.chosen) { item($0, context) })
        )
    }

    private static func item(_ chosen: MyNeighbourhoods.Chosen, _ context: PageContext) -> Node<HTML.ListContext> {
        let code = chosen.place.code
        return .li(
            .class(chosen.current ? "neighbourhood current" : "neighbourhood"), .id("neighbourhood-\(code)"), .data(named: "code", value: code),
            .div(
                .class("neighbourhood-name"),
                .strong(.text(chosen.place.name)),
                .if(chosen.current, .span(.class("badge current-badge"), .text(context.pick(ko: "현재 동네", en: "Current")))),
                .p(.class("hint"), .text(chosen.place.fullName))
            ),
            .unwrap(chosen.verifiedAt) { verifiedAt in
                .p(.class("verified-badge"), .id("verified-\(code)"), Icon.pin.node(),
                   .text(context.pick(ko: "동네 인증 완료 · ", en: "Verified · ") + monthDay(verifiedAt, context)))
            },
            verifyForm(code: code, again: chosen.verifiedAt != nil, context),
            .div(
                .class("inline-actions"),
                .if(!chosen.current, codeForm(MarketPaths.currentNeighbourhood.link, code: code, id: "make-current-\(code)",
                                              label: context.pick(ko: "이 동네로 바꾸기", en: "Make current"), style: "secondary small", context)),
                codeForm(MarketPaths.removeNeighbourhood.link, code: code, id: "remove-\(code)", label: context.pick(ko: "삭제", en: "Remove"),
                         style: "danger small", context)
            )
        )
    }

    /// Posts where the browser is: market.js fills the two fields from the browser's position
    /// before the form is sent, and says so in its status line.
    private static func verifyForm(code: String, again: Bool, _ context: PageContext) -> Node<HTML.BodyContext> {
        .form(
            .class("verify-form inline-form"), .id("verify-\(code)"), .action(path: MarketPaths.verifyNeighbourhood.link), .method(.post),
            .data(named: "geolocate", value: "true"),
            PageLayout.csrfField(context),
            .input(.type(.hidden), .name("code"), .value(code)),
            .input(.type(.hidden), .name("latitude")),
            .input(.type(.hidden), .name("longitude")),
            .button(.type(.submit), .class("button secondary small"),
                    .text(again ? context.pick(ko: "다시 인증하기", en: "Verify again") : context.pick(ko: "현재 위치로 동네 인증", en: "Verify where I am"))),
            .p(.class("hint verify-status"), .attribute(named: "role", value: "status"),
               .data(named: "locating", value: context.pick(ko: "위치를 확인하고 있어요…", en: "Finding where you are…")),
               .data(named: "denied", value: context.pick(ko: "위치를 알 수 없어요. 브라우저에서 위치 사용을 허용해 주세요.",
                                                         en: "Your position is unknown: let this site use your location.")))
        )
    }

    private static func rangeForm(_ range: NeighbourhoodRange, _ context: PageContext) -> Node<HTML.BodyContext> {
        .section(
            .class("card"), .id("neighbourhood-range"),
            .h2(.text(context.pick(ko: "동네 범위", en: "How far to look"))),
            .p(.class("hint"), .text(context.pick(ko: "현재 동네 중심에서 다른 동 중심까지의 거리로 정해요.",
                                                  en: "Measured from the centre of your current 동 to the centre of each other 동."))),
            .form(
                .id("range-form"), .action(path: MarketPaths.neighbourhoodRange.link), .method(.post),
                PageLayout.csrfField(context),
                .fieldset(
                    .class("range-choice"),
                    .element(named: "legend", text: context.pick(ko: "범위", en: "Range")),
                    .forEach(NeighbourhoodRange.allCases) { option in
                        .label(.class("range-option"),
                               .input(.type(.radio), .name("range"), .id("range-\(option.rawValue)"), .value(option.rawValue), .checked(option == range)),
                               .text(rangeName(option, context)))
                    }
                ),
                .button(.type(.submit), .id("range-submit"), .class("button secondary small"), .text(context.pick(ko: "범위 저장", en: "Save")))
            )
        )
    }

    private static func search(_ model: Model, _ context: PageContext) -> Node<HTML.BodyContext> {
        let mine = Set(model.setting.chosen.map(\.place.code))
        return .section(
            .class("card"), .id("neighbourhood-search"),
            .h2(.text(context.pick(ko: "동네 찾기", en: "Find a 동"))),
            .form(
                .class("search-form"), .id("place-search-form"), .action(path: MarketPaths.neighbourhoods.link), .method(.get),
                .input(.type(.search), .name("q"), .id("place-search"), .value(model.search),
                       .placeholder(text: context.pick(ko: "동 이름 (예: 망원동, 합정동)", en: "A 동's name (망원동, 합정동…)"))),
                .button(.type(.submit), .id("place-search-submit"), .text(context.pick(ko: "찾기", en: "Search")))
            ),
            .if(!model.search.isEmpty && model.found.isEmpty,
                .p(.class("hint"), .id("no-places"), .text(context.pick(ko: "찾는 동이 없어요.", en: "No 동 of that name.")))),
            .ul(.class("place-results"), .id("place-results"), .forEach(model.found) { place in
                .li(
                    .class("place-result"), .data(named: "code", value: place.code),
                    .span(.class("place-name"), .text(place.fullName)),
                    .if(!mine.contains(place.code), codeForm(MarketPaths.addNeighbourhood.link, code: place.code, id: "add-\(place.code)",
                                                             label: context.pick(ko: "추가", en: "Add"), style: "secondary small", context))
                )
            })
        )
    }

    private static func codeForm(_ action: String, code: String, id: String, label: String, style: String,
                                 _ context: PageContext) -> Node<HTML.BodyContext> {
        .form(
            .id(id), .class("inline-form"), .action(path: action), .method(.post),
            PageLayout.csrfField(context),
            .input(.type(.hidden), .name("code"), .value(code)),
            .button(.type(.submit), .class("button \(style)"), .text(label))
        )
    }
}
