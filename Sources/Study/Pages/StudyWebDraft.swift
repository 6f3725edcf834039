import Vapor

/// What a person has chosen on the study pages but not yet sent: the map point, the study tags
/// and the signup answers. Kept in the web session (stored server-side), so they survive going
/// back and forth between pages, as the apps keep them when a screen is left mid-way.
struct StudyWebDraft {
    let session: Session

    init(_ req: Request) { session = req.session }

    /// The SeSAC Yeongdeungpo campus, where the apps centre the map without a location.
    static let campus = (lat: 37.517819, long: 126.886145)

    var point: (lat: Double, long: Double) {
        get {
            guard let lat = session.data["study.lat"].flatMap(Double.init), let long = session.data["study.long"].flatMap(Double.init),
                  (-90...90).contains(lat), (-180...180).contains(long)
            else { return Self.campus }
            return (lat, long)
        }
        nonmutating set {
            session.data["study.lat"] = String(newValue.lat)
            session.data["study.long"] = String(newValue.long)
        }
    }

    /// The tags chosen so far on the study input page. A tag never holds a line break (spaces
    /// split what is typed), so lines separate them.
    var tags: [String] {
        get { (session.data["study.tags"] ?? "").split(separator: "\n").map(String.init) }
        nonmutating set { session.data["study.tags"] = newValue.joined(separator: "\n") }
    }

    func signupAnswer(_ step: StudySignupStep) -> String? {
        session.data["study.signup.\(step.rawValue)"]
    }

    func setSignupAnswer(_ step: StudySignupStep, _ value: String?) {
        session.data["study.signup.\(step.rawValue)"] = value
    }

    func forgetSignup() {
        for step in StudySignupStep.allCases { setSignupAnswer(step, nil) }
    }

    /// A point the address names, when it is a real one.
    static func point(latitude: Double?, longitude: Double?) -> (lat: Double, long: Double)? {
        guard let lat = latitude, let long = longitude, lat.isFinite, long.isFinite,
              (-90...90).contains(lat), (-180...180).contains(long)
        else { return nil }
        return (lat, long)
    }
}

/// The signup steps, in the apps' order; a step's page is `StudyPaths.signupStep` with its name.
enum StudySignupStep: String, CaseIterable, Sendable, LosslessStringConvertible {
    case nick, birth, email, gender

    init?(_ description: String) { self.init(rawValue: description) }

    var description: String { rawValue }
}
