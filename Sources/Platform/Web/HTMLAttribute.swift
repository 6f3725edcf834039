/// Escaping for attribute values. Plot writes attribute values exactly as given (it escapes only
/// element text), so anything a person typed or a client sent must pass through here before it
/// becomes a `value`, `alt` or other attribute; otherwise `"><script>` in a search box is markup.
public enum HTMLAttribute {
    public static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
