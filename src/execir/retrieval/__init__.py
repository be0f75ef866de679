"""execir.retrieval"""
