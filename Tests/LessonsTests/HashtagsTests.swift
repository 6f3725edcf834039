import Foundation
@testable import Lessons
import SproutTestSupport
import Testing

@Suite struct HashtagsTests {
    @Test func tagsEndAtPunctuationAndWhitespace() {
        #expect(Hashtags.extract(from: "주 1회 #바이올린, #취미레슨! (#violin_lesson) #Cello.") == ["바이올린", "취미레슨", "violin_lesson", "Cello"])
    }

    @Test func repeatsEmptyTagsAndMissingContentGiveNothingExtra() {
        #expect(Hashtags.extract(from: "#피아노 #피아노 # ## #") == ["피아노"])
        #expect(Hashtags.extract(from: nil) == [])
        #expect(Hashtags.extract(from: "no tags here") == [])
    }

    @Test func adjacentTagsSplitAtTheNextHash() {
        #expect(Hashtags.extract(from: "#입시#예고") == ["입시", "예고"])
    }

    @Test func overlongTagsAreDropped() {
        #expect(Hashtags.extract(from: "#" + String(repeating: "가", count: 51) + " #ok") == ["ok"])
    }

    @Test func aTagIsOneWhateverItsCaseAndKeepsItsFirstSpelling() {
        #expect(Hashtags.extract(from: "#Top #TOP #top #바이올린 #ÉTÉ #été") == ["Top", "바이올린", "ÉTÉ"])
        #expect(Hashtags.key("Top") == Hashtags.key("tOP") && Hashtags.key("바이올린") == "바이올린")
    }

    /// A published client tags `#Top` and lists `?hashTag=top`: found, on both databases.
    @Test func postsAreFoundByTheirTagsInAnyCase() async throws {
        try await withSprout { sprout in
            let teacher = try await sprout.signUp("case-teacher", teacher: true)
            let lesson = try await sprout.lesson(by: teacher, content: "Weekly #Top #Violin #바이올린")
            for term in ["top", "TOP", "#Top", "violin", "바이올린"] {
                let found = try await sprout.list("posts/hashtags?hashTag=\(term.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? term)", as: teacher)
                #expect(found.data.map(\.postID) == [lesson.postID], "\(term)")
            }
            #expect(try await sprout.post(lesson.postID, as: teacher).hashTags == ["Top", "Violin", "바이올린"], "shown as written")
            #expect(try await sprout.list("posts/hashtags?hashTag=tops", as: teacher).data.isEmpty)
        }
    }

    @Test func searchTermsLoseTheirHash() {
        #expect(Hashtags.normalize(" #바이올린 ") == "바이올린")
        #expect(Hashtags.normalize("##x") == "x")
    }
}

@Suite struct HashtagRunsTests {
    @Test func theTextIsCutIntoItsWordsAndItsTagsInOrder() {
        #expect(Hashtags.runs(of: "Weekly #바이올린, #취미레슨!") == [.text("Weekly "), .tag("바이올린"), .text(", "), .tag("취미레슨"), .text("!")])
        #expect(Hashtags.runs(of: "# alone and ##a") == [.text("# alone and #"), .tag("a")])
        let long = String(repeating: "가", count: Hashtags.maxLength + 1)
        #expect(Hashtags.runs(of: "#\(long)") == [.text("#\(long)")], "too long to be a tag")
        #expect(Hashtags.runs(of: "") == [])
    }

    @Test func aLessonPageShowsEachTagOnceAsALinkWhereItWasWritten() async throws {
        try await withSprout { sprout in
            let teacher = try await sprout.signUp("tag-teacher", teacher: true)
            let lesson = try await sprout.lesson(by: teacher, content: "Weekly <b>#바이올린</b> lessons")
            let page = String(buffer: try await WebClient(sprout).get("/lessons/\(lesson.postID)").body)
            // Once on the page; the share preview's description in the head is not shown.
            let shown = page.components(separatedBy: "<body").last ?? ""
            #expect(shown.components(separatedBy: "#바이올린").count - 1 == 1)
            #expect(page.contains(#"Weekly &lt;b&gt;<a class="hashtag" href="/lessons/hashtags?tag=%EB%B0%94%EC%9D%B4%EC%98%AC%EB%A6%B0&amp;tab=lessons">#바이올린</a>&lt;/b&gt; lessons"#))
        }
    }
}
