"""The playtesting lab dashboard: build rule variants, run them, see the differences with intervals."""
from .app import LabApp, VariantEditor
from .charts import figure
from .progress import tqdm_progress
from .studies import StudyView

__all__ = ["LabApp", "StudyView", "VariantEditor", "figure", "tqdm_progress"]
