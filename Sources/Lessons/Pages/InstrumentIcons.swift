import Platform
import SproutAPI

/// The instrument groups' icons, drawn for the lessons pages like the platform's set (Icon.swift).
extension Lessons.InstrumentGroup {
    var webIcon: Icon {
        switch self {
        case .all: .music
        case .strings: Icon(name: "violin", shapes: #"<path d="M12 2v5.5"/><path d="M9.6 7.5h4.8c0 1.6-1.1 2-1.1 3.1 0 .9 2.4 1.4 2.4 4.9 0 3.2-1.8 5.5-3.7 5.5s-3.7-2.3-3.7-5.5c0-3.5 2.4-4 2.4-4.9 0-1.1-1.1-1.5-1.1-3.1z"/><path d="M12 12v6"/>"#)
        case .woodwinds: Icon(name: "flute", shapes: #"<path d="M2.5 17.5 17.5 5.5l2 2.5-15 12z"/><path d="M8.2 14.1h.01M11 11.8h.01M13.8 9.6h.01"/>"#)
        case .brass: Icon(name: "trumpet", shapes: #"<path d="M2.5 10h11l7-4.5v13l-7-4.5h-11z"/><path d="M6.5 10V7.5M9.5 10V7.5M6.5 14v3h6"/>"#)
        case .piano: Icon(name: "piano", shapes: #"<rect x="3" y="5" width="18" height="14" rx="1.5"/><path d="M7.5 12v7M12 12v7M16.5 12v7M6.5 5v7h2V5M11 5v7h2V5M15.5 5v7h2V5"/>"#)
        case .voice: Icon(name: "microphone", shapes: #"<rect x="9" y="2.5" width="6" height="11.5" rx="3"/><path d="M5.5 11a6.5 6.5 0 0 0 13 0M12 17.5V21M8.5 21h7"/>"#)
        case .composition: Icon(name: "pen", shapes: #"<path d="M4 20l1.2-4.8L16 4.4l3.6 3.6L8.8 18.8z"/><path d="M13.8 6.6l3.6 3.6"/>"#)
        case .other: Icon(name: "drum", shapes: #"<ellipse cx="12" cy="9" rx="8" ry="3"/><path d="M4 9v7.5c0 1.7 3.6 3 8 3s8-1.3 8-3V9M4 16.5 8 11.8M20 16.5 16 11.8M6.5 2.5 10 6M17.5 2.5 14 6"/>"#)
        }
    }
}
