// Tavola: one seat's case on the vote pad: its approve and reject buttons,
// its light between them, and the hood that hides the hand from the
// neighbours (hardware/bom.md, "The secret vote"). Ten seats, ten cases,
// each wired to its expander as hardware/seat-wiring.svg shows.
//
//   openscad -D 'part="case"' -o seat-case.stl seat.scad
//
// Three parts, each printed flat without supports:
//   "case":   the box, printed top down: the two button holes, the light's
//             hole, the cable's hole in the back wall, four corner posts;
//   "hood":   three walls, left, right and back, glued on the case's top:
//             open towards the player only;
//   "bottom": the plate that closes the case, screwed into its posts.
// hardware/enclosure/render.sh renders them into the STL files beside this
// file; tests/tests/enclosure_stl.rs checks that they are closed and that
// their size is the one these parameters give.
part = "case";

// The buttons: 30 mm arcade buttons (bom.md: the same model for both, e.g.
// Sanwa OBSF-30), which snap into a 30 mm hole in a thin panel. The panel
// is `top` thick and thinned to `snap` around each hole from inside, for
// the snap-in's clips; both nominal: check against your buttons' sheet.
button_hole = 30;
snap = 1.6;
snap_ring = 38;
// Centre to centre, side by side.
button_pitch = 46;
// Below the panel: the button's body and its microswitch (nominal).
button_depth = 36;
// The light: a 5 mm LED in a 5.2 mm hole, between the buttons, behind them.
led_hole = 5.2;
// The case's top panel and walls.
top = 3;
wall = 2.4;
// Front to back (the player sits at the front).
length = 72;
// The cable's hole in the back wall (a ribbon or four wires to the
// expanders: two buttons, the light, ground).
cable_hole = 9;
// The corner posts: side, and the hole for an M3 self-tapping screw
// (2.6 mm); the bottom plate's holes are M3 clearance (3.2 mm).
post = 7;
post_hole = 2.6;
screw_hole = 3.2;
bottom = 2.4;
// The hood's height above the case, and its walls.
hood = 45;
hood_wall = 2.4;
$fn = 32;

assert(part == "case" || part == "hood" || part == "bottom", "part: say \"case\", \"hood\" or \"bottom\"");

// The outside: two buttons at button_pitch, half a pitch and a wall beyond
// each; the case's height is its top panel and the buttons' depth.
width = 2 * button_pitch + 2 * wall;
height = top + button_depth;

// Where the buttons and the light are, on the top (x across, y from the front).
buttons = [[width / 2 - button_pitch / 2, length * 0.45], [width / 2 + button_pitch / 2, length * 0.45]];
light = [width / 2, length * 0.8];

function posts() = [
  for (x = [wall + post / 2, width - wall - post / 2])
    for (y = [wall + post / 2, length - wall - post / 2]) [x, y]
];

module case() {
  // z = 0 is the top panel's outer face (printed on the bed).
  difference() {
    union() {
      difference() {
        cube([width, length, height]);
        translate([wall, wall, top]) cube([width - 2 * wall, length - 2 * wall, height]);
      }
      for (p = posts()) translate([p[0] - post / 2, p[1] - post / 2, 0]) cube([post, post, height]);
    }
    for (b = buttons) {
      translate([b[0], b[1], -1]) cylinder(d = button_hole, h = top + 2);
      // The panel thinned around the hole, from inside.
      translate([b[0], b[1], snap]) cylinder(d = snap_ring, h = top);
    }
    translate([light[0], light[1], -1]) cylinder(d = led_hole, h = top + 2);
    // The cable leaves through the back wall, near the bottom.
    translate([width / 2, length - wall - 1, height - cable_hole / 2 - 2]) rotate([-90, 0, 0]) cylinder(d = cable_hole, h = wall + 2);
    for (p = posts()) translate([p[0], p[1], top]) cylinder(d = post_hole, h = height);
  }
}

module hood_walls() {
  // Left, right and back: a U open towards the front (y = 0).
  difference() {
    cube([width, length, hood]);
    translate([hood_wall, -1, -1]) cube([width - 2 * hood_wall, length - hood_wall + 1, hood + 2]);
  }
}

module bottom_plate() {
  difference() {
    cube([width, length, bottom]);
    for (p = posts()) translate([p[0], p[1], -1]) cylinder(d = screw_hole, h = bottom + 2);
  }
}

if (part == "case") case();
else if (part == "hood") hood_walls();
else bottom_plate();
