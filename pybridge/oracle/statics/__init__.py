"""Static abilities of permanents -> the vocabulary of asp/layers/statics.lp, power_toughness.lp
and layers_types_abilities.lp (layers 4, 6 and 7; rules 604, 611.3, 613).

compile_static(source, face, index, quoted) reads one ability (normalised: reminder text gone,
the card's names as "~") with the grammar statics.lark and returns its facts, or raises
NotStatic (not an ability of these shapes) or Unmodelled (it parsed but says something the
vocabulary lacks, with the reason).  The compiler (pybridge/oracle/compile.py) calls it for the abilities
that are not mana abilities.

What "modelled" means here:
- "gets +N/+N" (fixed, "for each ...", "where X is ...") is a layer-7c modification the rules
  apply (pt_modify/4, pt_modify_per/5);
- "has flying" grants the keyword (ability_grant/3 with the keyword's text): the permanents in
  scope have the ability, the rules read those they decide on (haste for summoning sickness,
  hexproof, shroud and protection from a colour for targets; protection_from/2 is stated for
  the granted ability), the others are shown among the characteristics;
- "has \"QUOTED\"" grants the quoted ability (ability_grant/3 with its text): a quoted mana
  ability is compiled by the mana compiler, keyed grant(Face,I), so the rules produce its mana;
  a quoted activated ability gets activated/1 and its costs ({T}, {Q}, sacrifice ...) so that
  can_activate counts and judges it; any other quoted ability is modelled as the ability text
  the permanents have (its effect is then as modelled as that text would be printed);
- "~'s power and toughness are each equal to the number of ..." is a layer-7a CDA (pt_cda/3);
- "has base power and toughness 8/8" sets them in layer 7b (sets_base_pt/4);
- "can't block", "is goaded", "doesn't untap during its controller's untap step" and the like
  beside those are rules for combat and untapping (combat_rule/4, rules.py): no
  characteristic (rule 613), the `characteristics` answer's `rules` of the permanents in scope;
- changeling is every creature type (702.73a, a layer-4 CDA: land_type_effect/3's
  add_all_creature_types on itself);
- "As long as your devotion to ... is less than N, ~ isn't a creature" removes the type in
  layer 4 (loses_type/3, with its condition static_when/2);
- "Until end of turn, target creature gets +N/+N / gains ..." is the lasting effect of a
  resolved spell or ability on its targets (lasting_effect/2: a scenario [[effect]] with
  `targets`), with the same P/T and grant facts on the scope targets.
Conditions ("as long as ...") become static_when(Ab,Cond): the effect exists only while Cond
holds (rule 611.3a).
"""
