"""Classes of sentence boundary shared by several languages, each held as grammar data or as one
general rule: numeric abbreviations and units before a lowercase word, ordinals written as a
number and a period, the first word of an abbreviation of several, an ellipsis that opens a
sentence, a terminator inside a book title. Every case stands beside its near miss, on
sentences written for the test, so a rule that fires everywhere fails as surely as one that
never fires."""

from __future__ import annotations

import pytest

from tests.lang.support import sentences


@pytest.mark.parametrize(("language", "text", "expected"), [
    # a numeric abbreviation or a unit goes on before a lowercase word ...
    ("pl", "Inflacja wyniosła 2,3 proc. w marcu, a potem spadła.",
     ["Inflacja wyniosła 2,3 proc. w marcu, a potem spadła."]),
    ("el", "Η απόσταση είναι 96 χλμ. από την πόλη.", ["Η απόσταση είναι 96 χλμ. από την πόλη."]),
    ("es", "Llame al Núm. de teléfono que le dimos.", ["Llame al Núm. de teléfono que le dimos."]),
    # ... and ends the sentence before a capital, as any word does
    ("pl", "Inflacja wyniosła 2,3 proc. Potem spadła.",
     ["Inflacja wyniosła 2,3 proc.", "Potem spadła."]),
    ("el", "Η απόσταση είναι 96 χλμ. Η πόλη είναι μικρή.",
     ["Η απόσταση είναι 96 χλμ.", "Η πόλη είναι μικρή."]),
    # ... also before a word of one letter that opens sentences, which is then no label
    ("pl", "Inflacja wyniosła 2,3 proc. W kwietniu spadła.",
     ["Inflacja wyniosła 2,3 proc.", "W kwietniu spadła."]),
    ("pl", "Zobacz art. 5 lit. a ustawy.", ["Zobacz art. 5 lit. a ustawy."]),
])
def test_numeric_abbreviations_and_units(language: str, text: str,
                                         expected: list[str]) -> None:
    assert sentences(text, language) == expected


@pytest.mark.parametrize(("language", "text", "expected"), [
    # a day before a month name, in any case
    ("sk", "Narodil sa 7. Apríla 1950 v Košiciach.", ["Narodil sa 7. Apríla 1950 v Košiciach."]),
    ("da", "Den 7. Maj 2020 kom han hjem.", ["Den 7. Maj 2020 kom han hjem."]),
    ("cs", "Přijel 3. Května a zůstal.", ["Přijel 3. Května a zůstal."]),
    # a number that ends the sentence is still its end
    ("sk", "Prišiel v piatok 7. Potom odišiel.", ["Prišiel v piatok 7.", "Potom odišiel."]),
    ("da", "Han kom i maj. Det regnede.", ["Han kom i maj.", "Det regnede."]),
    # a Roman numeral after a lowercase word is an ordinal ...
    ("sk", "Slúžil v XII. Pluku pechoty.", ["Slúžil v XII. Pluku pechoty."]),
    ("tr", "Bu şehir XII. yüzyılda kuruldu.", ["Bu şehir XII. yüzyılda kuruldu."]),
    # ... but not after a name (a regnal number), nor before a typical sentence starter
    ("sk", "Vládol Karol IV. Potom prišiel iný kráľ.",
     ["Vládol Karol IV.", "Potom prišiel iný kráľ."]),
])
def test_ordinals_written_as_a_number_and_a_period(language: str, text: str,
                                                   expected: list[str]) -> None:
    assert sentences(text, language) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Viajó a los EE. UU. en 2010.", ["Viajó a los EE. UU. en 2010."]),
    ("Viajó a los EE. UU. El viaje fue largo.", ["Viajó a los EE. UU.", "El viaje fue largo."]),
    # the first word alone is no abbreviation
    ("En la lista hay dos EE. Luego vienen las efes.",
     ["En la lista hay dos EE.", "Luego vienen las efes."]),
])
def test_the_first_word_of_an_abbreviation_of_several_waits_for_the_last(
        text: str, expected: list[str]) -> None:
    assert sentences(text, "es") == expected


@pytest.mark.parametrize(("language", "text", "expected"), [
    ("nl", "De ziekte was bekend. ...en toen barste de hel los.",
     ["De ziekte was bekend.", "...en toen barste de hel los."]),
    ("en", "He paused. …and then he left.", ["He paused.", "…and then he left."]),
    # an ellipsis after a space inside the sentence opens nothing
    ("nl", "Hij zei ... en toen niets.", ["Hij zei ... en toen niets."]),
    # nor after a title
    ("en", "Ask Dr. ...smith about it.", ["Ask Dr. ...smith about it."]),
])
def test_an_ellipsis_glued_to_the_next_word_opens_a_sentence(
        language: str, text: str, expected: list[str]) -> None:
    assert sentences(text, language) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("我们明天一起去看《摔跤吧！爸爸》好吗？好！",
     ["我们明天一起去看《摔跤吧！爸爸》好吗？", "好！"]),
    ("他读了〈为什么？〉这篇文章。很好。", ["他读了〈为什么？〉这篇文章。", "很好。"]),
    # after the title is closed, the terminator cuts again
    ("他看了《爸爸》。好！", ["他看了《爸爸》。", "好！"]),
    ("我看完了。《爸爸》很好看。", ["我看完了。", "《爸爸》很好看。"]),
    # a mark that no closing one follows on its line is no title
    ("他写了《第一章。然后睡了。", ["他写了《第一章。", "然后睡了。"]),
    ("书名是《一\n二。》很好。", ["书名是《一\n二。》", "很好。"]),
])
def test_a_terminator_inside_a_book_title_belongs_to_it(text: str,
                                                        expected: list[str]) -> None:
    assert sentences(text, "zh") == expected


@pytest.mark.parametrize(("language", "text", "expected"), [
    ("id", "Kantor di Lt. 5 Gedung Utama. Telepon kami.",
     ["Kantor di Lt. 5 Gedung Utama.", "Telepon kami."]),
    ("id", "Dasarnya Ketetapan MPRS No. XXXIII tahun 1967.",
     ["Dasarnya Ketetapan MPRS No. XXXIII tahun 1967."]),
    ("fi", "Tatjana Levina (ven. Татьяна Левина) on juoksija.",
     ["Tatjana Levina (ven. Татьяна Левина) on juoksija."]),
    ("ru", "Он писал на рус. и англ. языках. Потом уехал.",
     ["Он писал на рус. и англ. языках.", "Потом уехал."]),
    ("pt", "Se o sr. Cedras sair, tudo muda.", ["Se o sr. Cedras sair, tudo muda."]),
    # Armenian first names abbreviated by two letters; a longer word before the period ends
    ("hy", "Խմբագիրն է Էդ. Գերմանիկը։ Նա եկավ։", ["Խմբագիրն է Էդ. Գերմանիկը։", "Նա եկավ։"]),
    ("hy", "Փողոցը Հր. Ներսիսյանի անունով է։", ["Փողոցը Հր. Ներսիսյանի անունով է։"]),
    ("hy", "Նա եկավ տուն. Հետո գնաց։", ["Նա եկավ տուն.", "Հետո գնաց։"]),
])
def test_common_abbreviations_of_the_languages(language: str, text: str,
                                               expected: list[str]) -> None:
    assert sentences(text, language) == expected


@pytest.mark.parametrize(("language", "text", "expected"), [
    # the formal question ending ends a sentence; the connective "-니까" (because) does not
    ("ko", "이것이 맞습니까 저는 모릅니다 그래서 물었어요.",
     ["이것이 맞습니까", "저는 모릅니다", "그래서 물었어요."]),
    ("ko", "배가 고프니까 밥을 먹었어요. 맛있었어요.",
     ["배가 고프니까 밥을 먹었어요.", "맛있었어요."]),
    # "و…" (and so on) goes on; an ellipsis after any other word may end the sentence
    ("fa", "کتاب‌ها، دفترها و… در کیف بود. او رفت.",
     ["کتاب‌ها، دفترها و… در کیف بود.", "او رفت."]),
    ("fa", "او آمد… سپس رفت.", ["او آمد…", "سپس رفت."]),
])
def test_endings_and_conjunctions_of_one_language(language: str, text: str,
                                                  expected: list[str]) -> None:
    assert sentences(text, language) == expected


@pytest.mark.parametrize(("language", "text", "expected"), [
    # a space after a mark that only opens, as French and tokenised Dutch write it
    ("fr", "Il est parti. « Je reviens demain », dit-il.",
     ["Il est parti.", "« Je reviens demain », dit-il."]),
    ("nl", "Hij ging weg. ,, Ik kom morgen terug'', zei hij.",
     ["Hij ging weg.", ",, Ik kom morgen terug'', zei hij."]),
    # ... but not after a title, nor before a lowercase word
    ("fr", "Il a vu M. « Bob » hier.", ["Il a vu M. « Bob » hier."]),
    ("fr", "Attends. « puis » dit-il.", ["Attends. « puis » dit-il."]),
    # a quote that also closes may close the sentence before the space: no cut before it
    ("nl", "Het was laat. '' Toen ging hij.", ["Het was laat. '' Toen ging hij."]),
])
def test_a_space_after_an_opening_mark(language: str, text: str, expected: list[str]) -> None:
    assert sentences(text, language) == expected


@pytest.mark.parametrize(("language", "text", "expected"), [
    # a sentence glued to the next, in a script in which no identifier has a period
    ("kk", "Ресейдің жағдайы.XVIII ғасырдың басында.",
     ["Ресейдің жағдайы.", "XVIII ғасырдың басында."]),
    ("ru", "Это было хорошо.Потом пошёл дождь.", ["Это было хорошо.", "Потом пошёл дождь."]),
    # abbreviations and initials glued to a name stay
    ("ru", "Он живёт на ул.Ленина и работает.", ["Он живёт на ул.Ленина и работает."]),
    ("ru", "Он живёт в г.Москва и работает.", ["Он живёт в г.Москва и работает."]),
    # Latin letters: an identifier ("http.Request"), in any language
    ("ru", "Используйте http.Request здесь.", ["Используйте http.Request здесь."]),
    ("en", "Use http.Request here.", ["Use http.Request here."]),
])
def test_a_sentence_glued_to_the_next(language: str, text: str, expected: list[str]) -> None:
    assert sentences(text, language) == expected
