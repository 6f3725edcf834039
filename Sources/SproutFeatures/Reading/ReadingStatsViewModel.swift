import Foundation
import Observation
import SproutAPI
import SproutKit

/// The statistics screen (the seed's StatisticsView): a month's calendar and the year's chart,
/// moved month by month (December steps into the next year, never merging years as the seed's
/// chart did), with the yearly and daily goals and their progress.
@MainActor @Observable
public final class ReadingStatsViewModel {
    // MARK: Outputs
    public private(set) var stats: Reading.Stats?
    public private(set) var isLoading = false
    public private(set) var alert: String?

    /// The month's busiest day, for scaling the calendar's shading.
    public var busiestDaySeconds: Int { stats?.days.map(\.seconds).max() ?? 0 }

    // MARK: Dependencies and state
    let reading: ReadingClient
    private var generation = 0

    public init(reading: ReadingClient) {
        self.reading = reading
    }

    // MARK: Inputs

    /// This month, as the server's reading time zone has it.
    public func viewWillAppear() async {
        await load(year: nil, month: nil)
    }

    public func previousMonthTapped() async {
        guard let stats else { return }
        await load(year: stats.month == 1 ? stats.year - 1 : stats.year, month: stats.month == 1 ? 12 : stats.month - 1)
    }

    public func nextMonthTapped() async {
        guard let stats else { return }
        await load(year: stats.month == 12 ? stats.year + 1 : stats.year, month: stats.month == 12 ? 1 : stats.month + 1)
    }

    /// Out-of-range goals are refused here as the server would refuse them.
    public func goalsChanged(yearlyBooks: Int, dailyMinutes: Int) async {
        guard Reading.Goals.yearlyBooksRange.contains(yearlyBooks), Reading.Goals.dailyMinutesRange.contains(dailyMinutes) else {
            alert = "목표는 한 해 \(Reading.Goals.yearlyBooksRange.upperBound)권, 하루 \(Reading.Goals.dailyMinutesRange.upperBound)분까지 정할 수 있어요."
            return
        }
        do {
            _ = try await reading.setGoals(Reading.Goals(yearlyBooks: yearlyBooks, dailyMinutes: dailyMinutes))
            await load(year: stats?.year, month: stats?.month)
        } catch {
            alert = "목표를 저장하지 못했어요."
        }
    }

    public func alertDismissed() { alert = nil }

    private func load(year: Int?, month: Int?) async {
        generation += 1
        let asked = generation
        isLoading = true
        defer { if asked == generation { isLoading = false } }
        do {
            let stats = try await reading.stats(year: year, month: month)
            guard asked == generation else { return }
            self.stats = stats
        } catch {
            guard asked == generation else { return }
            alert = "통계를 불러오지 못했어요."
        }
    }
}
