import Plot

// Plot writes attribute values exactly as given and escapes only element text, so a value a person
// typed (`"><script>` in a search box) would become markup. Every Plot helper that takes a string
// for a generic context is declared again here for the contexts that conform to
// `EscapedAttributeContext` (all of HTML's): being more constrained, these win over Plot's in every
// module that imports Platform, so a page writes `.value(typed)` and the value is escaped.
//
// Plot's helpers bound to one concrete context or class (`.alt`, `.placeholder`, `.action`,
// `.for`, `.content`, `.ariaLabel`) cannot be outranked that way; pages use the labelled versions
// at the end of this file, or `.attribute(named:value:)`, and `EscapedAttributesTests` fails on
// any source that calls Plot's directly.

/// Plot's HTML contexts whose attribute values Platform escapes.
public protocol EscapedAttributeContext: HTMLContext {}

extension HTML.DocumentContext: EscapedAttributeContext {}
extension HTML.HeadContext: EscapedAttributeContext {}
extension HTML.BodyContext: EscapedAttributeContext {}
extension HTML.AudioContext: EscapedAttributeContext {}
extension HTML.AudioSourceContext: EscapedAttributeContext {}
extension HTML.DataListContext: EscapedAttributeContext {}
extension HTML.DescriptionListContext: EscapedAttributeContext {}
extension HTML.EmbedContext: EscapedAttributeContext {}
extension HTML.IFrameContext: EscapedAttributeContext {}
extension HTML.ImageContext: EscapedAttributeContext {}
extension HTML.InputContext: EscapedAttributeContext {}
extension HTML.TextAreaContext: EscapedAttributeContext {}
extension HTML.LinkContext: EscapedAttributeContext {}
extension HTML.ListContext: EscapedAttributeContext {}
extension HTML.MetaContext: EscapedAttributeContext {}
extension HTML.ObjectContext: EscapedAttributeContext {}
extension HTML.OptionContext: EscapedAttributeContext {}
extension HTML.PictureContext: EscapedAttributeContext {}
extension HTML.ScriptContext: EscapedAttributeContext {}
extension HTML.SelectContext: EscapedAttributeContext {}
extension HTML.TableContext: EscapedAttributeContext {}
extension HTML.TableRowContext: EscapedAttributeContext {}
extension HTML.VideoContext: EscapedAttributeContext {}
extension HTML.VideoSourceContext: EscapedAttributeContext {}

public extension Attribute where Context: EscapedAttributeContext {
    static func attribute(named name: String, value: String?) -> Self {
        Attribute(name: name, value: value.map(HTMLAttribute.escape))
    }
}

public extension Node where Context: EscapedAttributeContext {
    static func attribute(named name: String, value: String?, ignoreIfValueIsEmpty: Bool = true) -> Node {
        .attribute(Attribute(name: name, value: value.map(HTMLAttribute.escape), ignoreIfValueIsEmpty: ignoreIfValueIsEmpty))
    }
}

public extension Attribute where Context: HTMLContext & EscapedAttributeContext {
    static func id(_ id: String) -> Attribute { Attribute(name: "id", value: HTMLAttribute.escape(id)) }
    static func `class`(_ className: String) -> Attribute { Attribute(name: "class", value: HTMLAttribute.escape(className)) }
    static func data(named name: String, value: String) -> Attribute { Attribute(name: "data-\(name)", value: HTMLAttribute.escape(value)) }
    static func title(_ title: String) -> Attribute { Attribute(name: "title", value: HTMLAttribute.escape(title)) }
}

public extension Node where Context: HTMLContext & EscapedAttributeContext {
    static func id(_ id: String) -> Node { .attribute(Attribute(name: "id", value: HTMLAttribute.escape(id))) }
    static func `class`(_ className: String) -> Node { .attribute(Attribute(name: "class", value: HTMLAttribute.escape(className))) }
    static func data(named name: String, value: String) -> Node { .attribute(Attribute(name: "data-\(name)", value: HTMLAttribute.escape(value))) }
    static func title(_ title: String) -> Node { .attribute(Attribute(name: "title", value: HTMLAttribute.escape(title))) }
}

public extension Attribute where Context: HTMLNamableContext & EscapedAttributeContext {
    static func name(_ name: String) -> Attribute { Attribute(name: "name", value: HTMLAttribute.escape(name)) }
}

public extension Node where Context: HTMLNamableContext & EscapedAttributeContext {
    static func name(_ name: String) -> Node { .attribute(Attribute(name: "name", value: HTMLAttribute.escape(name))) }
}

public extension Attribute where Context: HTMLTypeContext & EscapedAttributeContext {
    static func type(_ type: String) -> Attribute { Attribute(name: "type", value: HTMLAttribute.escape(type)) }
}

public extension Attribute where Context: HTMLValueContext & EscapedAttributeContext {
    static func value(_ value: String) -> Attribute { Attribute(name: "value", value: HTMLAttribute.escape(value)) }
}

public extension Node where Context: HTMLValueContext & EscapedAttributeContext {
    static func value(_ value: String) -> Node { .attribute(Attribute(name: "value", value: HTMLAttribute.escape(value))) }
}

public extension Attribute where Context: HTMLLinkableContext & EscapedAttributeContext {
    static func href(_ url: URLRepresentable) -> Attribute { Attribute(name: "href", value: HTMLAttribute.escape(url.description)) }
}

public extension Node where Context: HTMLLinkableContext & EscapedAttributeContext {
    static func href(_ url: URLRepresentable) -> Node { .attribute(Attribute(name: "href", value: HTMLAttribute.escape(url.description))) }
}

public extension Attribute where Context: HTMLSourceContext & EscapedAttributeContext {
    static func src(_ url: URLRepresentable) -> Attribute { Attribute(name: "src", value: HTMLAttribute.escape(url.description)) }
}

public extension Node where Context: HTMLSourceContext & EscapedAttributeContext {
    static func src(_ url: URLRepresentable) -> Node { .attribute(Attribute(name: "src", value: HTMLAttribute.escape(url.description))) }
}

public extension Node where Context: HTMLStylableContext & EscapedAttributeContext {
    static func style(_ css: String) -> Node { .attribute(Attribute(name: "style", value: HTMLAttribute.escape(css))) }
}

public extension Attribute where Context: HTMLIntegrityContext & EscapedAttributeContext {
    static func integrity(_ hash: String) -> Attribute { Attribute(name: "integrity", value: HTMLAttribute.escape(hash)) }
}

public extension Node where Context: HTMLIntegrityContext & EscapedAttributeContext {
    static func integrity(_ hash: String) -> Node { .attribute(Attribute(name: "integrity", value: HTMLAttribute.escape(hash))) }
}

// The concrete-context helpers, labelled so they cannot be confused with Plot's.

public extension Attribute where Context == HTML.ImageContext {
    static func alt(text: String) -> Attribute { Attribute(name: "alt", value: HTMLAttribute.escape(text)) }
}

public extension Attribute where Context == HTML.InputContext {
    static func placeholder(text: String) -> Attribute { Attribute(name: "placeholder", value: HTMLAttribute.escape(text)) }
}

public extension Node where Context == HTML.TextAreaContext {
    static func placeholder(text: String) -> Node { .attribute(Attribute(name: "placeholder", value: HTMLAttribute.escape(text))) }
}

public extension Node where Context == HTML.FormContext {
    static func action(path: String) -> Node { .attribute(Attribute(name: "action", value: HTMLAttribute.escape(path))) }
}

public extension Node where Context == HTML.LabelContext {
    static func `for`(field: String) -> Node { .attribute(Attribute(name: "for", value: HTMLAttribute.escape(field))) }
}

public extension Attribute where Context == HTML.MetaContext {
    static func content(text: String) -> Attribute { Attribute(name: "content", value: HTMLAttribute.escape(text)) }
}
