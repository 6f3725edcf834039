@testable import Lessons
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

    @Test func searchTermsLoseTheirHash() {
        #expect(Hashtags.normalize(" #바이올린 ") == "바이올린")
        #expect(Hashtags.normalize("##x") == "x")
    }
}
