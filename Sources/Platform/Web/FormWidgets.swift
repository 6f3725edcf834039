import Media
import Plot

/// The labelled form fields every app's pages use, each with its error underneath and
/// `aria-invalid` set, so the browser and screen readers point at what to fix.
public enum FormWidgets {
    public static func error(_ message: String?) -> Node<HTML.FormContext> {
        .unwrap(message) { .p(.class("field-error"), .attribute(named: "role", value: "alert"), .text($0)) }
    }

    public static func text(
        _ name: String, label: String, value: String, error message: String?, type: HTMLInputType = .text,
        inputMode: String? = nil, autocomplete: String? = nil, required: Bool = false
    ) -> Node<HTML.FormContext> {
        .div(
            .class("field"),
            .label(.for(field: name), .text(label)),
            .input(
                .id(name), .name(name), .type(type), .value(value),
                .unwrap(inputMode) { .attribute(named: "inputmode", value: $0) },
                .unwrap(autocomplete) { .attribute(named: "autocomplete", value: $0) },
                .required(required),
                .attribute(named: "aria-invalid", value: invalid(message))
            ),
            error(message)
        )
    }

    public static func textArea(_ name: String, label: String, value: String, error message: String?, rows: Int = 6, hint: String? = nil) -> Node<HTML.FormContext> {
        .div(
            .class("field"),
            .label(.for(field: name), .text(label)),
            .unwrap(hint) { .p(.class("hint"), .text($0)) },
            .textarea(.id(name), .name(name), .attribute(named: "rows", value: String(rows)),
                      .attribute(named: "aria-invalid", value: invalid(message)), .text(value)),
            error(message)
        )
    }

    /// A picker; the first, empty choice asks the person to pick (its value must stay "", so the
    /// form sends nothing rather than the prompt's text).
    public static func select(_ name: String, label: String, prompt: String, options: [(value: String, label: String)], selected: String, error message: String?) -> Node<HTML.FormContext> {
        .div(
            .class("field"),
            .label(.for(field: name), .text(label)),
            .select(
                .id(name), .attribute(named: "name", value: name), .attribute(named: "aria-invalid", value: invalid(message)),
                option("", prompt, selected: selected.isEmpty),
                .forEach(options) { option($0.value, $0.label, selected: $0.value == selected) }
            ),
            error(message)
        )
    }

    /// On a photo input: app.js shrinks each chosen photo in the browser to the size the image
    /// pipeline keeps of it anyway, sends the form with a progress bar and keeps the photos when
    /// the form comes back with errors.
    public static var shrinkPhotos: Attribute<HTML.InputContext> { .data(named: "shrink-to", value: String(ImagePipeline.originalMaxSize)) }

    public static func option(_ value: String, _ label: String, selected: Bool) -> Node<HTML.SelectContext> {
        .element(named: "option", nodes: [
            Node<HTML.OptionContext>.attribute(named: "value", value: value, ignoreIfValueIsEmpty: false),
            .if(selected, .attribute(named: "selected", value: "selected")),
            .text(label),
        ])
    }

    /// The form that confirms a deletion: a danger button posting to `action`, and a way back.
    public static func deleteConfirmation(_ context: PageContext, action: String, cancel: String) -> Node<HTML.BodyContext> {
        .form(
            .id("delete-form"), .action(path: action), .method(.post), .class("inline-actions"),
            PageLayout.csrfField(context),
            .button(.id("confirm-delete"), .type(.submit), .class("danger"), .text(context.pick(ko: "삭제하기", en: "Delete"))),
            .a(.class("button secondary"), .href(cancel), .text(context.pick(ko: "취소", en: "Cancel")))
        )
    }

    private static func invalid(_ message: String?) -> String {
        message == nil ? "false" : "true"
    }
}
