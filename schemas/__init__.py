"""Pydantic models: the typed contract between memscribe's stages."""
