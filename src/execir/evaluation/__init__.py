"""execir.evaluation"""
