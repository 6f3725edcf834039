import Foundation

extension Reading {
    /// `/api/reading`, for an access token from `/api/auth`. A book is named by its id, a memo by
    /// its book's id and its own.
    public enum Routes {
        /// Where every operation below is found; an unknown path under it is the API's 404.
        public static let prefix = PathTemplate<Void>("api/reading")

        public static let searchCatalog = APIRoute<Void, NoBody, CatalogPage>(.get, "api/reading/catalog/search", query: ["q", "page", "size"],
                                                                             credential: .bearer)
        /// By `CatalogList` raw value.
        public static let catalogList = APIRoute<String, NoBody, CatalogPage>(.get, "api/reading/catalog/lists/{list}", query: ["page", "size"],
                                                                             credential: .bearer)
        public static let catalogBook = APIRoute<String, NoBody, CatalogBook>(.get, "api/reading/catalog/isbn/{isbn13}", credential: .bearer)

        public static let library = APIRoute<Void, NoBody, Library>(.get, "api/reading/library", query: ["status", "q", "sort", "order"],
                                                                   credential: .bearer)
        public static let add = APIRoute<Void, NewBook, Book>(.post, "api/reading/library", credential: .bearer)
        public static let book = APIRoute<String, NoBody, Book>(.get, "api/reading/library/{id}", credential: .bearer)
        public static let change = APIRoute<String, BookChanges, Book>(.patch, "api/reading/library/{id}", credential: .bearer)
        public static let remove = APIRoute<String, NoBody, Deleted>(.delete, "api/reading/library/{id}", credential: .bearer)
        public static let erase = APIRoute<Void, NoBody, Erased>(.post, "api/reading/erase", credential: .bearer)

        public static let memos = APIRoute<String, NoBody, Memos>(.get, "api/reading/library/{id}/memos", credential: .bearer)
        public static let addMemo = APIRoute<String, MemoDraft, Memo>(.post, "api/reading/library/{id}/memos", credential: .bearer)
        /// By book id, then memo id.
        public static let memo = APIRoute<(String, String), NoBody, Memo>(.get, "api/reading/library/{id}/memos/{memo}", credential: .bearer)
        public static let changeMemo = APIRoute<(String, String), MemoDraft, Memo>(.patch, "api/reading/library/{id}/memos/{memo}",
                                                                                   credential: .bearer)
        /// A multipart form with one `photo` part.
        public static let putMemoPhoto = APIRoute<(String, String), MultipartParts, Memo>(.put, "api/reading/library/{id}/memos/{memo}/photo",
                                                                                  credential: .bearer)
        public static let removeMemoPhoto = APIRoute<(String, String), NoBody, Memo>(.delete, "api/reading/library/{id}/memos/{memo}/photo",
                                                                                     credential: .bearer)
        public static let removeMemo = APIRoute<(String, String), NoBody, Deleted>(.delete, "api/reading/library/{id}/memos/{memo}",
                                                                                   credential: .bearer)

        public static let progress = APIRoute<String, NoBody, Progress>(.get, "api/reading/library/{id}/progress", credential: .bearer)
        public static let recordProgress = APIRoute<String, ProgressDraft, ProgressUpdate>(.post, "api/reading/library/{id}/progress",
                                                                                           credential: .bearer)
        public static let setDates = APIRoute<String, BookDates, Book>(.put, "api/reading/library/{id}/dates", credential: .bearer)
        public static let reads = APIRoute<String, NoBody, Reads>(.get, "api/reading/library/{id}/reads", credential: .bearer)
        public static let reread = APIRoute<String, NoBody, Book>(.post, "api/reading/library/{id}/reread", credential: .bearer)

        public static let timer = APIRoute<Void, NoBody, Timer>(.get, "api/reading/timer", credential: .bearer)
        public static let startTimer = APIRoute<Void, TimerStart, Timer>(.post, "api/reading/timer/start", credential: .bearer)
        public static let pauseTimer = APIRoute<Void, NoBody, Timer>(.post, "api/reading/timer/pause", credential: .bearer)
        public static let resumeTimer = APIRoute<Void, NoBody, Timer>(.post, "api/reading/timer/resume", credential: .bearer)
        /// The body is optional: with a page or a percent, the stop records that progress too.
        public static let stopTimer = APIRoute<Void, ProgressDraft, TimerStopped>(.post, "api/reading/timer/stop", credential: .bearer)
        public static let resetTimer = APIRoute<Void, NoBody, Timer>(.post, "api/reading/timer/reset", credential: .bearer)

        public static let stats = APIRoute<Void, NoBody, Stats>(.get, "api/reading/stats", query: ["year", "month"], credential: .bearer)
        public static let goals = APIRoute<Void, NoBody, Goals>(.get, "api/reading/goals", credential: .bearer)
        public static let setGoals = APIRoute<Void, Goals, Goals>(.put, "api/reading/goals", credential: .bearer)

        /// The CSV as the body (`text/csv`) or a multipart form's `file` part.
        public static let importGoodreads = APIRoute<Void, FileBytes, ImportReport>(.post, "api/reading/import/goodreads", credential: .bearer)
        public static let exportGoodreads = APIRoute<Void, NoBody, NotJSON>(.get, "api/reading/export/goodreads.csv", credential: .bearer)

        public static let all = [
            AnyAPIRoute(searchCatalog), AnyAPIRoute(catalogList), AnyAPIRoute(catalogBook),
            AnyAPIRoute(library), AnyAPIRoute(add), AnyAPIRoute(book), AnyAPIRoute(change), AnyAPIRoute(remove), AnyAPIRoute(erase),
            AnyAPIRoute(memos), AnyAPIRoute(addMemo), AnyAPIRoute(memo), AnyAPIRoute(changeMemo), AnyAPIRoute(putMemoPhoto),
            AnyAPIRoute(removeMemoPhoto), AnyAPIRoute(removeMemo),
            AnyAPIRoute(progress), AnyAPIRoute(recordProgress), AnyAPIRoute(setDates), AnyAPIRoute(reads), AnyAPIRoute(reread),
            AnyAPIRoute(timer), AnyAPIRoute(startTimer), AnyAPIRoute(pauseTimer), AnyAPIRoute(resumeTimer), AnyAPIRoute(stopTimer),
            AnyAPIRoute(resetTimer),
            AnyAPIRoute(stats), AnyAPIRoute(goals), AnyAPIRoute(setGoals), AnyAPIRoute(importGoodreads), AnyAPIRoute(exportGoodreads),
        ]
    }
}
