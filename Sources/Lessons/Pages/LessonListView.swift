import Platform
import Plot
import SproutAPI
import Vapor

/// The lesson list as `LessonListPage` read it: the title of the chosen group, the filters as a
/// plain GET form, the count, the cards and the pager.
enum LessonListView {
    static func render(_ context: PageContext, filter: LessonFilter, page: PagedPosts, viewer: String?, districts: Districts) -> Response {
        let groupTitle = context.pick(ko: filter.group.title.ko, en: filter.group.title.en)
        // The app's list title: "<category> 레슨을 찾고 있어요"; "all" has the plain title.
        let title = filter.group == .all
            ? context.pick(ko: "모든 레슨", en: "All lessons")
            : context.pick(ko: "\(groupTitle) 레슨을 찾고 있어요", en: "Looking for \(groupTitle.lowercased()) lessons")
        return LessonsViews.page(title: title, context: context, .group(
            LessonsViews.nav(context, current: "list"),
            .h1(.id("list-title"), .text(title)),
            filters(filter, districts: districts, context),
            .p(.class("hint"), .id("lesson-count"), .text(context.pick(ko: "레슨 ", en: "") + context.count(page.total, ko: "개", en: "lesson"))),
            .if(page.posts.isEmpty, LessonsViews.emptyState(context.pick(ko: "조건에 맞는 레슨이 없어요.", en: "No lessons match these filters."))),
            LessonsViews.cards(page.posts, context: context, viewer: viewer, hides: page.hides, id: "lesson-list"),
            LessonsViews.pager(page, context) { filter.link(page: $0) }
        ))
    }

    private static func filters(_ filter: LessonFilter, districts: Districts, _ context: PageContext) -> Node<HTML.BodyContext> {
        func named(_ title: (ko: String, en: String)) -> String { context.pick(ko: title.ko, en: title.en) }
        let any = context.pick(ko: "전체", en: "Any")
        let chosen = [filter.group != .all, filter.region != nil, filter.district != nil, filter.format != nil, filter.lessonType != nil,
                      filter.price != nil, filter.rating != nil].filter { $0 }.count
        // The four choices fold into a sheet: open, on a phone, they took 530 of 780 px before the
        // first lesson. A <details> needs no script, and its summary says how many are chosen.
        return .form(
            .id("lesson-filters"), .class("filters card"), .action(path: LessonsPaths.list.link), .method(.get),
            FormWidgets.text("q", label: context.pick(ko: "악기, 지역, 레슨 이름으로 찾기", en: "Find by instrument, place or lesson"),
                             value: filter.keywords?.text ?? "", error: nil, type: .search),
            .div(
                .class("field"),
                .label(.for(field: "sort"), .text(context.pick(ko: "정렬", en: "Sort"))),
                .select(.id("sort"), .attribute(named: "name", value: "sort"), .forEach(PostQuery.Sort.allCases) { sort in
                    FormWidgets.option(sort.rawValue, named(LessonFilter.sortTitle(sort)), selected: sort == filter.sort)
                })
            ),
            .element(named: "details", nodes: [
                .id("filter-sheet"), .class("filter-sheet"),
                .element(named: "summary", nodes: [.text(chosen == 0
                    ? context.pick(ko: "필터", en: "Filters")
                    : context.pick(ko: "필터 ", en: "") + context.count(chosen, ko: "개 적용 중", en: "filter") + context.pick(ko: "", en: " on"))]),
                .div(
                    .class("filter-choices"),
                    FormWidgets.select("group", label: context.pick(ko: "악기", en: "Instrument"), prompt: any,
                                      options: Lessons.InstrumentGroup.allCases.dropFirst().map { ($0.rawValue, named($0.title)) },
                                      selected: filter.group == .all ? "" : filter.group.rawValue, error: nil),
                    FormWidgets.select("region", label: context.pick(ko: "지역", en: "Region"), prompt: any,
                                      options: Lessons.Region.allCases.map { ($0.rawValue, context.pick(ko: $0.rawValue, en: $0.english)) },
                                      selected: filter.region?.rawValue ?? "", error: nil),
                    FormWidgets.select("district", label: context.pick(ko: "시/군/구", en: "District"), prompt: any,
                                      options: districts.places.map { ($0.code, $0.name) }, selected: filter.district ?? "", error: nil),
                    FormWidgets.select("format", label: context.pick(ko: "방식", en: "Format"), prompt: any,
                                      options: [(Lessons.LessonFormat.inPerson.rawValue, context.pick(ko: "대면", en: "In person")),
                                                (Lessons.LessonFormat.online.rawValue, context.pick(ko: "온라인", en: "Online"))],
                                      selected: filter.format?.rawValue ?? "", error: nil),
                    FormWidgets.select("type", label: context.pick(ko: "레슨 타입", en: "Type"), prompt: any,
                                      options: Lessons.LessonType.allCases.map { ($0.rawValue, context.pick(ko: $0.rawValue, en: $0.english)) },
                                      selected: filter.lessonType?.rawValue ?? "", error: nil),
                    FormWidgets.select("price", label: context.pick(ko: "가격", en: "Price"), prompt: any,
                                      options: LessonFilter.PriceBand.allCases.map { ($0.rawValue, named($0.title)) },
                                      selected: filter.price?.rawValue ?? "", error: nil),
                    FormWidgets.select("rating", label: context.pick(ko: "별점", en: "Stars"), prompt: any,
                                      options: LessonFilter.RatingBand.allCases.map { ($0.rawValue, named($0.title)) },
                                      selected: filter.rating?.rawValue ?? "", error: nil)
                )
            ]),
            // Last, under every choice it applies, where a thumb ends up after choosing.
            .button(.id("apply-filters"), .type(.submit), .text(context.pick(ko: "적용", en: "Apply")))
        )
    }
}
