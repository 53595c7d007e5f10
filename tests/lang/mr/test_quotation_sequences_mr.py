"""Marathi: a sentence that ends inside closing quotation marks, followed at once by another
quotation. Sentences written for this file."""

from __future__ import annotations

from tests.lang.support import sentences


def test_quotation_directly_after_a_closed_quotation_starts_a_sentence() -> None:
    text = "“पाऊस थांबला.”“आता शेतात जाऊ,” असे आजोबा म्हणाले."
    assert sentences(text, "mr") == ["“पाऊस थांबला.”", "“आता शेतात जाऊ,” असे आजोबा म्हणाले."]


def test_quotation_with_question_mark_then_another_quotation() -> None:
    text = "ती म्हणाली, “तू कधी येणार?”“उद्या सकाळी,” त्याने उत्तर दिले."
    assert sentences(text, "mr") == ["ती म्हणाली, “तू कधी येणार?”",
                                     "“उद्या सकाळी,” त्याने उत्तर दिले."]


def test_quotation_sequence_with_space_and_danda() -> None:
    text = "“शाळा सुटली।” “मुले घरी निघाली।” गावात शांतता होती."
    assert sentences(text, "mr") == ["“शाळा सुटली।”", "“मुले घरी निघाली।”", "गावात शांतता होती."]


def test_comma_inside_closing_quote_does_not_end_the_sentence() -> None:
    text = "“चला,” ती म्हणाली आणि निघाली."
    assert sentences(text, "mr") == [text]
