import Platform
import Plot
import Testing

@Suite struct IconTests {
    @Test func anIconLabelIsEscapedAndAnUnlabelledIconIsHiddenFromScreenReaders() {
        let labelled: Node<HTML.BodyContext> = Icon.heart.node(label: #"좋아요 "<b>""#)
        let html = labelled.render()
        #expect(html.contains(#"role="img" aria-label="좋아요 &quot;&lt;b&gt;&quot;""#))
        #expect(!html.contains("<b>"))
        let decorative: Node<HTML.BodyContext> = Icon.heart.node()
        #expect(decorative.render().contains(#"aria-hidden="true""#) && decorative.render().hasPrefix(#"<svg class="icon icon-heart""#))
    }
}
