import Lessons
import Market
import Platform
import Reading
import Study

/// The apps Sprout serves. Adding one is its folder under `Sources/` and a line here.
public enum SproutModules {
    public static let all: [any AppModule.Type] = [
        LessonsModule.self,
        StudyModule.self,
        MarketModule.self,
        ReadingModule.self,
    ]
}
