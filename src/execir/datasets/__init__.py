"""execir.datasets"""
