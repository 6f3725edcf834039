import Platform
import Plot

/// The labelled fields of the lessons forms, each with its error underneath and `aria-invalid`
/// set, so the browser and screen readers point at what to fix.
enum FormFields {
    static func error(_ message: String?) -> Node<HTML.FormContext> {
        .unwrap(message) { .p(.class("field-error"), .attribute(named: "role", value: "alert"), .text($0)) }
    }

    static func text(_ name: String, label: String, value: String, error message: String?, inputMode: String? = nil) -> Node<HTML.FormContext> {
        .div(
            .class("field"),
            .label(.for(name), .text(label)),
            .input(
                .id(name), .name(name), .type(.text), .value(HTMLAttribute.escape(value)),
                .unwrap(inputMode) { .attribute(named: "inputmode", value: $0) },
                .attribute(named: "aria-invalid", value: message == nil ? "false" : "true")
            ),
            error(message)
        )
    }

    static func textArea(_ name: String, label: String, value: String, error message: String?, rows: Int = 6, hint: String? = nil) -> Node<HTML.FormContext> {
        .div(
            .class("field"),
            .label(.for(name), .text(label)),
            .unwrap(hint) { .p(.class("hint"), .text($0)) },
            .textarea(.id(name), .name(name), .attribute(named: "rows", value: String(rows)),
                      .attribute(named: "aria-invalid", value: message == nil ? "false" : "true"), .text(value)),
            error(message)
        )
    }

    /// A picker; the first, empty choice asks the person to pick (its value must stay "", so the
    /// form sends nothing rather than the prompt's text).
    static func select(_ name: String, label: String, prompt: String, options: [(value: String, label: String)], selected: String, error message: String?) -> Node<HTML.FormContext> {
        .div(
            .class("field"),
            .label(.for(name), .text(label)),
            .select(
                .id(name), .attribute(named: "name", value: name),
                .attribute(named: "aria-invalid", value: message == nil ? "false" : "true"),
                option("", prompt, selected: selected.isEmpty),
                .forEach(options) { option($0.value, $0.label, selected: $0.value == selected) }
            ),
            error(message)
        )
    }

    static func option(_ value: String, _ label: String, selected: Bool) -> Node<HTML.SelectContext> {
        .element(named: "option", nodes: [
            Node<HTML.OptionContext>.attribute(named: "value", value: value, ignoreIfValueIsEmpty: false),
            .if(selected, .attribute(named: "selected", value: "selected")),
            .text(label),
        ])
    }
}
