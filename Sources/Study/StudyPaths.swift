import Platform

/// SeSAC Study's web pages, each path written once: the pages register their handlers at these
/// and every link, form and redirect to a study page is built from them. (The `/v1` contract the
/// apps call is `Study.Routes`, in SproutAPI.)
enum StudyPaths {
    /// The radar around the chosen point; `lat`/`long` (the browser's position), `dong` (a 동's
    /// code), `place` (a 시/군/구's code), `q` (a place's name to find) and `gender` choose what it shows.
    static let home = PagePath<Void>("study")
    /// The 동 and 시/군/구 that answer `q`, for the home page's script to list as the person types.
    static let placeSearch = PagePath<Void>("study/places.json")
    /// What `study.js` polls to know when to reload the open page.
    static let liveState = PagePath<Void>("study/state.json")
    /// Leaflet's files, by their names in `StudyMap.leafletFiles`.
    static let leafletFile = PagePath<String>("study/map/{file...}")

    static let signup = PagePath<Void>("study/signup")
    static let signupStep = PagePath<StudySignupStep>("study/signup/{step}")

    static let input = PagePath<Void>("study/input")
    static let addTags = PagePath<Void>("study/input/tags")
    static let removeTag = PagePath<Void>("study/input/tags/remove")
    static let queue = PagePath<Void>("study/queue")
    static let stop = PagePath<Void>("study/stop")
    static let results = PagePath<Void>("study/results")
    static let request = PagePath<Void>("study/request")
    static let accept = PagePath<Void>("study/accept")
    /// Takes back the request sent to `otheruid`.
    static let withdrawRequest = PagePath<Void>("study/request/withdraw")

    static let matched = PagePath<Void>("study/matched")
    /// The conversation since `after`, for the matched page's script to catch up.
    static let chatSince = PagePath<Void>("study/chat.json")
    static let chat = PagePath<Void>("study/chat")
    static let review = PagePath<Void>("study/review")
    static let report = PagePath<Void>("study/report")
    /// `GET` asks to confirm (`otheruid`), `POST` cancels.
    static let dodge = PagePath<Void>("study/dodge")
    /// 약속 with my partner: what stands, the 동 that answer `q`, and the form to propose (`POST`).
    static let appointment = PagePath<Void>("study/appointment")
    static let appointmentAccept = PagePath<Int>("study/appointment/{appointment}/accept")
    static let appointmentDecline = PagePath<Int>("study/appointment/{appointment}/decline")
    /// Calls off our appointment, or withdraws my proposal.
    static let appointmentCancel = PagePath<Int>("study/appointment/{appointment}/cancel")
    /// "만났어요": `GET` asks to confirm (`otheruid`), `POST` ends the study without a penalty.
    static let met = PagePath<Void>("study/met")
    /// The study I ended, asking for my review of the partner.
    static let ended = PagePath<Void>("study/ended")

    static let myInfo = PagePath<Void>("study/me")
    static let withdraw = PagePath<Void>("study/withdraw")

    static let shop = PagePath<Void>("study/shop")
    /// `GET` asks to confirm buying `product`, `POST` buys it.
    static let shopBuy = PagePath<Void>("study/shop/buy")
    static let shopSave = PagePath<Void>("study/shop/save")

    /// The home page showing `gender`, centred on `point` when one is given.
    static func home(at point: (lat: Double, long: Double)? = nil, gender: StudyGenderFilter) -> String {
        home.link(query: [("lat", point.map { String($0.lat) }), ("long", point.map { String($0.long) }), ("gender", gender.rawValue)])
    }

    /// The home page centred on a 동 or 시/군/구 found by name.
    static func home(choosing choice: StudyPlaces.Choice, gender: StudyGenderFilter) -> String {
        switch choice {
        case let .neighbourhood(place): home.link(query: [("dong", place.code), ("gender", gender.rawValue)])
        case let .district(place): home.link(query: [("place", place.code), ("gender", gender.rawValue)])
        }
    }

    /// The nickname step again, saying the nickname was refused when the signup was sent.
    static var unusableNick: String {
        signupStep.link(.nick, query: StudySignupPages.Refusal(error: .unusable))
    }

    static func input(notice: StudyNotice) -> String {
        input.link(query: StudyNotice.Fields(notice: notice))
    }

    static func results(tab: StudyResultTab? = nil, notice: StudyNotice? = nil) -> String {
        results.link(query: StudyResultsQuery(tab: tab, notice: notice))
    }

    static func matched(notice: StudyNotice) -> String {
        matched.link(query: StudyNotice.Fields(notice: notice))
    }

    /// The matched page scrolled to its chat form, after a message was sent.
    static var matchedChat: String {
        matched.link(query: [], fragment: "chat-form")
    }

    /// The matched page at the 약속 pinned above its chat.
    static var matchedAppointments: String {
        matched.link(query: [], fragment: "appointments")
    }

    /// Asks whether to cancel the study with `partner`.
    static func dodge(partner: String) -> String {
        dodge.link(query: [("otheruid", partner)])
    }

    /// Asks whether we met, ending the study with `partner`.
    static func met(partner: String) -> String {
        met.link(query: [("otheruid", partner)])
    }

    static func ended(notice: StudyNotice) -> String {
        ended.link(query: [("notice", notice.rawValue)])
    }

    static func myInfo(notice: StudyNotice) -> String {
        myInfo.link(query: [("notice", notice.rawValue)])
    }

    static func shop(notice: StudyNotice) -> String {
        shop.link(query: [("notice", notice.rawValue)])
    }

    /// The shop previewing a face (`sesac`) on a background, as typed: an empty value is kept, and
    /// the page shows my own item for it.
    static func shopPreview(sesac: String, background: String, notice: StudyNotice? = nil) -> String {
        shop.link(query: [("sesac", sesac), ("background", background), ("notice", notice?.rawValue)])
    }

    /// Asks to confirm buying the item sold as `product`.
    static func shopBuy(product: String) -> String {
        shopBuy.link(query: [("product", product)])
    }
}
