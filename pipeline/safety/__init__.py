"""The one write guard every text memscribe writes goes through (:mod:`.write_guard`)."""
