"""execir.rerank"""
