/// Which week the teacher's schedule shows (`2026-12-01`: the week that day falls in), and how
/// many times were just opened, as its links write them and its handler reads them.
struct ScheduleWeek: Codable {
    var week: String?
    var opened: Int?
}
