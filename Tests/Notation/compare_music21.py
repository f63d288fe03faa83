#!/usr/bin/env python3
"""Compares what `xylo-render events` plays of notation files with what music21 reads.

usage: compare_music21.py [--xylo-render PATH] [--tune N] [--verbose] FILE...

FILE is an ABC, MusicXML or compressed MusicXML file, or `music21:PATH` for a file of the
corpus music21 ships (read in place, never copied). Every tune of an ABC file is compared
(`--tune N`: only X:N). For each it compares the number of notes, their pitches and their
onsets in seconds: xylo-render's exact fractions (`events --exact`) against music21's offsets
as exact fractions through its tempo map, equal when the fractions are, or within 1e-9 s.
Exit status: 0 when everything agrees, 1 on any difference or a file either side refuses.

music21 is read the way docs/notation.md says ours differs from it by design:
- parse, toSoundingPitch, expandRepeats, stripTies, flatten; chord symbols are not notes;
- an ABC file is given `%abc-2.1` (music21 otherwise reads ABC 1.3, where accidentals do not
  carry through the bar) and `%%propagate-accidentals octave` (ABC's bar rule as we read it),
  unless the file sets them itself;
- grace notes: music21 puts them at their note's onset with no length; we play a group of k
  before its note, 1/16 of a quarter each, taken from the previous onset (shared evenly when
  that is nearer): the music21 side is moved by that rule before comparing;
- notes outside the built-in bank's range are moved by whole octaves by xylo-render: the
  script transposes the whole tune by octaves (`--transpose`) into the bank when it fits;
- a unison (one pitch twice at one time, `[cc]` or two voices) strikes its bar once, as
  `events` lists it: music21's notes are compared as a set of (onset, pitch).
"""
import argparse
import difflib
import os
import subprocess
import sys
import warnings
from fractions import Fraction

warnings.simplefilter('ignore')
from music21 import chord, converter, harmony, note, stream  # noqa: E402

GRACE = Fraction(1, 16)
NAMES = {'C': 0, 'D': 2, 'E': 4, 'F': 5, 'G': 7, 'A': 9, 'B': 11}


def midi_of(name):
    """MIDI number of a scientific pitch name: C4 is 60, F#4 66, Bb7 106."""
    semitone = NAMES[name[0]]
    rest = name[1:]
    while rest and rest[0] in '#b':
        semitone += 1 if rest[0] == '#' else -1
        rest = rest[1:]
    return 12 * (int(rest) + 1) + semitone


def bank_notes(binary):
    """Key title -> MIDI note, and the set of MIDI notes, of the built-in bank."""
    lines = subprocess.run([binary, 'keys'], check=True, capture_output=True,
                           text=True).stdout.splitlines()
    titles = {}
    for line in lines[1:]:
        fields = line.split()
        titles[fields[0]] = midi_of(fields[1])
    return titles, set(titles.values())


def resolve(argument):
    """A path, or a file of music21's corpus for `music21:PATH`."""
    if argument.startswith('music21:'):
        from music21 import common
        return os.path.join(str(common.getCorpusFilePath()), argument[len('music21:'):])
    return argument


def prepared_abc(path):
    """The ABC text music21 reads: with the version and accidental rule we read it by."""
    text = open(path, encoding='utf-8', errors='replace').read()
    head = []
    if '%abc-2' not in text.split('\n', 1)[0]:
        head.append('%abc-2.1')
    if 'propagate-accidentals' not in text:
        head.append('%%propagate-accidentals octave')
    return '\n'.join(head + [text])


def music21_scores(path, tune):
    """(number, score) for each tune of the file (an ABC file's X: numbers; None otherwise)."""
    if path.lower().endswith('.abc'):
        parsed = converter.parseData(prepared_abc(path), format='abc')
    else:
        parsed = converter.parse(path, forceSource=True)
    scores = list(parsed.scores) if isinstance(parsed, stream.Opus) else [parsed]
    found = []
    for score in scores:
        number = score.metadata.number if score.metadata is not None else None
        number = int(number) if number is not None else None
        if tune is None or number == tune:
            found.append((number, score))
    return found


def exact_seconds(boundaries, low):
    """A function from an offset (quarter notes) to exact seconds on music21's tempo map."""
    regions = [(Fraction(start), Fraction(end), Fraction(repr(mark.getQuarterBPM())))
               for start, end, mark in boundaries]

    def seconds(offset):
        offset, total, at = Fraction(offset), Fraction(0), Fraction(low)
        for start, end, bpm in regions:
            if at >= end or at < start:
                continue
            stop = min(offset, end)
            total += (stop - at) * 60 / bpm
            at = stop
            if at == offset:
                break
        if at < offset:  # past the last region: its tempo goes on
            total += (offset - at) * 60 / regions[-1][2]
        return total
    return seconds


def is_note(element):
    return (isinstance(element, (note.Note, chord.Chord))
            and not isinstance(element, harmony.Harmony))


def music21_notes(score):
    """(seconds, MIDI) of every note music21 plays, grace notes moved by our rule."""
    score = score.toSoundingPitch()
    try:
        score = score.expandRepeats()
    except Exception:  # no bar lines: nothing to expand
        pass
    score = score.stripTies()
    flat = score.flatten()
    seconds = exact_seconds(flat.metronomeMarkBoundaries(), flat.lowestOffset)
    rows, graces = [], 0
    parts = list(score.parts) or [score]
    for part in parts:
        events = [e for e in part.flatten().notesAndRests
                  if not isinstance(e, harmony.Harmony)]
        onsets = sorted(Fraction(e.offset) for e in events if not e.duration.isGrace)
        index = 0
        while index < len(events):
            element = events[index]
            if not element.duration.isGrace:
                if is_note(element):
                    rows += [(seconds(element.offset), p.midi) for p in element.pitches]
                index += 1
                continue
            group = [element]
            while (index + len(group) < len(events)
                   and events[index + len(group)].duration.isGrace
                   and events[index + len(group)].offset == element.offset):
                group.append(events[index + len(group)])
            principal = Fraction(element.offset)
            previous = max((o for o in onsets if o < principal), default=Fraction(0))
            step = min(GRACE, (principal - previous) / len(group))
            for position, grace in enumerate(group):
                onset = principal - (len(group) - position) * step
                rows += [(seconds(onset), p.midi) for p in grace.pitches]
                graces += len(grace.pitches)
            index += len(group)
    return sorted(set(rows)), graces


def xylo_notes(binary, path, tune, transpose, titles):
    """(seconds, MIDI) of every tap `xylo-render events --exact` prints, and its stderr."""
    command = [binary, 'events', '--exact', '--transpose', str(transpose), path]
    if tune is not None and path.lower().endswith('.abc'):
        command[2:2] = ['--tune', str(tune)]
    run = subprocess.run(command, capture_output=True, text=True)
    if run.returncode != 0:
        raise RuntimeError(run.stderr.strip())
    rows = []
    for line in run.stdout.splitlines()[1:]:
        _, time, key, _, _ = line.split(',')
        rows.append((Fraction(time), titles[key] - transpose))
    return rows


def fitting_transposition(pitches, available):
    """The octave shift (semitones) that brings every pitch into the bank; None if none does."""
    for octaves in sorted(range(-4, 5), key=abs):
        if all(p + 12 * octaves in available for p in pitches):
            return 12 * octaves
    return None


def same(ours, theirs):
    return ours[1] == theirs[1] and (ours[0] == theirs[0]
                                     or abs(float(ours[0] - theirs[0])) <= 1e-9)


def describe(row):
    return f'{row[0]} s ({float(row[0]):.6f}) MIDI {row[1]}' if row else '-'


def compare(binary, argument, path, number, score, titles, available, verbose):
    """Compares one tune; returns (notes compared, differences)."""
    label = f'{argument}' + (f' X:{number}' if number is not None else '')
    theirs, graces = music21_notes(score)
    transpose = fitting_transposition({p for _, p in theirs}, available)
    try:
        ours = xylo_notes(binary, path, number, transpose or 0, titles)
    except RuntimeError as error:
        print(f'{label}: xylo-render refused it: {error}')
        return len(theirs), max(1, len(theirs))
    if transpose is None:
        # Wider than the bank: xylo-render folds notes by octaves, so pitch classes are compared.
        theirs = [(t, p % 12) for t, p in theirs]
        ours = [(t, p % 12) for t, p in ours]
    theirs.sort()
    ours.sort()
    if len(ours) == len(theirs) and all(same(a, b) for a, b in zip(ours, theirs)):
        note = f', {graces} grace notes' if graces else ''
        folded = ' (as pitch classes: wider than the bank)' if transpose is None else ''
        if verbose:
            print(f'{label}: {len(ours)} notes agree{note}{folded}')
        return len(ours), 0
    keys = lambda rows: [(round(float(t), 7), p) for t, p in rows]
    matcher = difflib.SequenceMatcher(a=keys(ours), b=keys(theirs), autojunk=False)
    differences = 0
    lines = []
    for tag, a0, a1, b0, b1 in matcher.get_opcodes():
        if tag == 'equal':
            continue
        differences += max(a1 - a0, b1 - b0)
        for k in range(max(a1 - a0, b1 - b0)):
            mine = ours[a0 + k] if a0 + k < a1 else None
            other = theirs[b0 + k] if b0 + k < b1 else None
            lines.append(f'  xylo-render {describe(mine)}; music21 {describe(other)}')
    print(f'{label}: {differences} differences ({len(ours)} notes from xylo-render, '
          f'{len(theirs)} from music21):')
    for line in lines[:12]:
        print(line)
    if len(lines) > 12:
        print(f'  ... and {len(lines) - 12} more')
    return max(len(ours), len(theirs)), differences


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('files', nargs='+')
    parser.add_argument('--xylo-render', default=os.environ.get(
        'XYLO_RENDER', '.build/debug/xylo-render'))
    parser.add_argument('--tune', type=int)
    parser.add_argument('--verbose', action='store_true')
    arguments = parser.parse_args()
    titles, available = bank_notes(arguments.xylo_render)
    files = tunes = notes = differences = 0
    for argument in arguments.files:
        path = resolve(argument)
        files += 1
        try:
            scores = music21_scores(path, arguments.tune)
        except Exception as error:
            print(f'{argument}: music21 cannot read it: {error}')
            differences += 1
            continue
        for number, score in scores:
            compared, different = compare(arguments.xylo_render, argument, path, number, score,
                                          titles, available, arguments.verbose)
            tunes += 1
            notes += compared
            differences += different
    print(f'music21 agreement: {files} files, {tunes} tunes, {notes} notes compared, '
          f'{differences} differences')
    return 1 if differences else 0


if __name__ == '__main__':
    sys.exit(main())
