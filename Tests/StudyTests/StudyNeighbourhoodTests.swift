import Foundation
@testable import Study
import SproutTestSupport
import Testing

/// Centring the search on a chosen 시/군/구, without a map and without the browser's location.
@Suite struct StudyNeighbourhoodTests {
    @Test func choosingADistrictCentresTheSearchThereAndAPointStillWins() async throws {
        try await withSprout { sprout in
            let me = try await sprout.studyBrowser(phone: "01030000061", nick: "동네사람")
            let home = try await me.page("/study").1
            #expect(home.contains(#"id="place-form""#) && home.contains(#"<optgroup label="부산광역시">"#))
            let jongno = try await me.page("/study?place=1111000000").1
            #expect(jongno.contains(#"value="37.570378""#) && jongno.contains(#"value="126.981642""#), "the district's centre")
            #expect(jongno.contains(#"<option value="1111000000" selected="selected">종로구</option>"#))
            let typed = try await me.page("/study?place=1111000000&lat=35.1&long=129.0").1
            #expect(typed.contains(#"value="35.100000""#), "a point given wins over the list")
            let unknown = try await me.page("/study?place=%27%3Bdrop").1
            #expect(unknown.contains(#"value="35.100000""#), "an unknown code changes nothing: the last point stays")
        }
    }
}
