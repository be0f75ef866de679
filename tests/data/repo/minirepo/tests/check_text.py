from minipkg import count_vowels, slugify


def test_vowels_simple():
    assert count_vowels("banana") == 3


def test_vowels_upper():
    assert count_vowels("AEIOU xyz") == 5


def test_vowels_none():
    assert count_vowels("rhythm") == 0


def test_vowels_empty():
    assert count_vowels("") == 0


def test_slug_basic():
    assert slugify("Hello World") == "hello-world"


def test_slug_punctuation():
    assert slugify("  C'est la vie!  ") == "c-est-la-vie"


def test_slug_sep():
    assert slugify("a b c", sep="_") == "a_b_c"


def test_slug_empty():
    assert slugify("!!!") == ""
