"""The one error hierarchy. The CLI maps each family to one line and a distinct exit code."""

from __future__ import annotations

from memscribe.masking import mask_url_credentials


class MemscribeError(Exception):
    """Base class. ``exit_code`` is what the CLI returns for this family."""

    exit_code = 1

    def __init__(self, message: str, **fields: object) -> None:
        # A message may quote a URL (a model's --api-base, a provider's error): never its credentials.
        message = mask_url_credentials(message)
        super().__init__(message)
        self.message = message
        self.fields = fields

    def __str__(self) -> str:
        return self.message


class UserError(MemscribeError):
    """The caller's mistake: bad option, bad configuration."""

    exit_code = 2


class InputError(UserError):
    """An input file that cannot be read as a transcript. Carries path and line when known."""

    exit_code = 3

    def __init__(self, message: str, *, path: str, line: int | None = None) -> None:
        where = f"{path}:{line}" if line is not None else path
        super().__init__(f"{where}: {message}", path=path, line=line)
        self.path = path
        self.line = line


class UnknownFormatError(InputError):
    """The input is readable but is not a transcript in any supported format."""


class ModelError(MemscribeError):
    """The model misbehaved: transport failure after retries, or invalid output after re-asks."""

    exit_code = 4

    def __init__(self, message: str, *, stage: str, attempts: int) -> None:
        super().__init__(message, stage=stage, attempts=attempts)
        self.stage = stage
        self.attempts = attempts


#: What a write the disk refused left (``StoreError.changed``): nothing, part of the change (the
#: next extract, apply or batch completes it), or every change (only the journal's close failed).
NONE, PARTLY, ALL = "none", "partly", "all"


class StoreError(MemscribeError):
    """The memory root cannot be read or written safely (permissions, disk, lock, bad plan)."""

    exit_code = 5
    #: For a refused write that changed the memory (:attr:`changed` ``"partly"`` / ``"all"``):
    #: the plan it was writing (a ``Plan``), where the caller attached it, so a door can say what
    #: was stored; None otherwise. Not one of :attr:`fields` (those are printed as JSON).
    plan: object | None = None

    @property
    def changed(self) -> str | None:
        """For a refused write of a plan: :data:`NONE`, :data:`PARTLY` or :data:`ALL` (what its
        message says too); None where no write had begun (a lock, a bad plan, a read)."""
        value = self.fields.get("changed")
        return value if isinstance(value, str) else None


class UnsafeRootError(StoreError):
    """Refused at the trust boundary: the memory root holds something that would make memscribe
    act outside it (a symlinked special folder or file, a journal naming foreign paths) or a plan
    fails the write screen (secrets, injection text, control or bidi characters, path shapes).
    Nothing was touched."""

    exit_code = 7
