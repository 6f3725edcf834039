/// Which page of a paged list to show, as its pager's links write it and its handler reads it
/// (`?page=2`).
struct ListPage: Codable {
    var page: Int?

    /// The first page when none, or none readable, is asked for.
    var number: Int { page ?? 1 }
}
