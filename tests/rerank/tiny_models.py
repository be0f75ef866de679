"""Tiny random-weight models built at test time (nothing downloaded): a one-layer BERT
cross-encoder and a one-layer Llama causal LM, each with a word-level tokenizer whose vocabulary
covers the test texts."""

from __future__ import annotations

import re
from pathlib import Path

WORDS = ("def return if else for in range while not and or true false none count sort list "
         "n x a b i j k s v len sum max min reverse string number add two numbers sorted items "
         "given integer integers the of a an to is yes no query document instruct judge whether "
         "meets requirements based on provided note that answer can only be system user "
         "assistant retrieve code correctly solves implements task natural language programming "
         "think").split()
PUNCT = list("():,=+-*<>[]._\"'{}/!?#;%&|^~`@$\\")


def _vocab() -> list[str]:
    seen: list[str] = []
    for w in WORDS + PUNCT + [str(d) for d in range(10)]:
        if w not in seen:
            seen.append(w)
    return seen


def make_cross_encoder(folder: Path, seed: int = 0) -> Path:
    """A one-layer BERT sequence classifier (one label) with a WordPiece tokenizer, saved in
    ``folder`` as transformers writes it."""
    import torch
    from transformers import BertConfig, BertForSequenceClassification, BertTokenizerFast

    folder.mkdir(parents=True, exist_ok=True)
    vocab = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"] + _vocab()
    (folder / "vocab.txt").write_text("\n".join(vocab) + "\n", encoding="utf-8")
    tok = BertTokenizerFast(vocab_file=str(folder / "vocab.txt"), do_lower_case=True)
    torch.manual_seed(seed)
    config = BertConfig(vocab_size=len(vocab), hidden_size=16, num_hidden_layers=1,
                        num_attention_heads=2, intermediate_size=32, max_position_embeddings=256,
                        num_labels=1)
    model = BertForSequenceClassification(config)
    model.save_pretrained(folder)
    tok.save_pretrained(folder)
    return folder


SPECIALS = ["<|im_start|>", "<|im_end|>", "<think>", "</think>"]


def make_causal_lm(folder: Path, seed: int = 0) -> Path:
    """A one-layer Llama causal LM with a word-level tokenizer (ChatML markers as special
    tokens, ``yes`` and ``no`` as single tokens), saved in ``folder``."""
    import torch
    from tokenizers import Tokenizer, models, pre_tokenizers
    from transformers import LlamaConfig, LlamaForCausalLM, PreTrainedTokenizerFast

    folder.mkdir(parents=True, exist_ok=True)
    vocab = {t: i for i, t in enumerate(["<pad>", "<unk>"] + SPECIALS + _vocab())}
    core = Tokenizer(models.WordLevel(vocab=vocab, unk_token="<unk>"))
    core.pre_tokenizer = pre_tokenizers.Sequence([pre_tokenizers.WhitespaceSplit(),
                                                  pre_tokenizers.Punctuation()])
    tok = PreTrainedTokenizerFast(tokenizer_object=core, unk_token="<unk>", pad_token="<pad>",
                                  additional_special_tokens=SPECIALS)
    torch.manual_seed(seed)
    config = LlamaConfig(vocab_size=len(vocab), hidden_size=16, intermediate_size=32,
                         num_hidden_layers=1, num_attention_heads=2, num_key_value_heads=2,
                         max_position_embeddings=512, pad_token_id=0, tie_word_embeddings=False)
    model = LlamaForCausalLM(config)
    model.save_pretrained(folder)
    tok.save_pretrained(folder)
    return folder


def words(text: str) -> str:
    """``text`` with every character the tiny vocabularies lack removed (lower-cased)."""
    return re.sub(r"[^a-z0-9():,=+\-*<>\[\]._ \n]", " ", text.lower())
