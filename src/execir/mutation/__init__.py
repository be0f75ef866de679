"""execir.mutation"""
