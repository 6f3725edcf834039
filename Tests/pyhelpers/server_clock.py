"""A test server's clock, moved forward through `SPROUT_CLOCK_OFFSET_FILE`
(Sources/PlatformCore/Support/ClockOffsetFile.swift): the server adds the seconds written in the file
to the system's time, reading the file again at most every 200 ms."""
from __future__ import annotations

import os
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

# Asia/Seoul keeps UTC+9 all year; lesson times are opened in it.
SEOUL = timezone(timedelta(hours=9), "KST")
# The server re-reads the file at most every 200 ms.
_REREAD = 0.25


class ServerClock:
    """Start the server with `env()`; `now()` is the server's time, `move_to` moves it forward."""

    def __init__(self, path: Path):
        self.path = path
        self._offset = 0.0
        self._write(0.0)

    def env(self) -> dict[str, str]:
        return {"SPROUT_CLOCK_OFFSET_FILE": str(self.path)}

    def now(self) -> datetime:
        return datetime.now(timezone.utc) + timedelta(seconds=self._offset)

    def move_to(self, moment: datetime) -> None:
        """Sets the server's clock to `moment` (never back: what a server did at a later time it
        would not undo) and waits until the server has read it."""
        offset = (moment - datetime.now(timezone.utc)).total_seconds()
        assert offset >= self._offset - 1, f"the clock only moves forward ({self._offset} s, asked {offset} s)"
        self._offset = max(offset, self._offset)
        self._write(self._offset)
        time.sleep(_REREAD)

    def _write(self, offset: float) -> None:
        # Renamed into place, so the server never reads half a number (which it takes as 0).
        partial = self.path.with_name(self.path.name + ".partial")
        partial.write_text(f"{offset:.3f}")
        os.replace(partial, self.path)


def seoul_day(moment: datetime) -> str:
    """The Seoul calendar date, as a date field takes it: `2026-12-01`."""
    return moment.astimezone(SEOUL).strftime("%Y-%m-%d")


def at_seoul(day: datetime, hour: int, minute: int = 0) -> datetime:
    """`hour:minute` Seoul time on `day`'s Seoul date, as a UTC instant."""
    local = day.astimezone(SEOUL)
    return local.replace(hour=hour, minute=minute, second=0, microsecond=0).astimezone(timezone.utc)
