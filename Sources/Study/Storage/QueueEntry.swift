import Fluent
import Foundation

/// A person waiting in the study queue at a place, with the studies they want. The integer id is
/// the key of the spatial index (SQLite's R*Tree wants integers); `uid` is unique, so one person
/// waits in one place.
final class QueueEntry: Model, @unchecked Sendable {
    static let schema = "study_queue"

    @ID(custom: "id", generatedBy: .database) var id: Int?
    @Field(key: "uid") var uid: String
    @Field(key: "lat") var lat: Double
    @Field(key: "long") var long: Double
    @Field(key: "studylist") var studylist: [String]
    @Field(key: "queued_at") var queuedAt: Date

    init() {}

    init(uid: String, lat: Double, long: Double, studylist: [String], queuedAt: Date) {
        self.uid = uid
        self.lat = lat
        self.long = long
        self.studylist = studylist
        self.queuedAt = queuedAt
    }
}
