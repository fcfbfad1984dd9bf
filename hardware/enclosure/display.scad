// Tavola: the screen's enclosure, a shell printed face down and a back
// plate, for either 7" display Raspberry Pi makes. The Pi is mounted on the
// panel's back (both panels carry its four standoffs), inside the shell.
//
//   openscad -D 'display="td1"' -D 'part="front"' -o display-td1-front.stl display.scad
//
// hardware/enclosure/render.sh renders every part into the STL files beside
// this file, and a test (tests/tests/enclosure_stl.rs) checks that they are
// closed and that their size is the one these parameters give.

// Which display:
//   "td1": Raspberry Pi Touch Display, 7", 800×480, landscape;
//   "td2": Raspberry Pi Touch Display 2, 7", 720×1280, mounted landscape
//          (Tavola turns the picture: scripts/install.sh --rotation 90).
display = "td2";
// Which part: "front" (the shell: face, window, walls) or "back" (the plate
// that closes it, screwed into the shell's corner blocks).
part = "front";

// The panels: [outline width, outline height, thickness, viewable width,
// viewable height], in mm, landscape.
// td1: outline 192.96 × 110.76 and viewable area 154.08 × 85.92, from
//   Raspberry Pi's documentation (accessories/display, "Outer dimensions"
//   and "Viewable area"; its mechanical drawing is
//   7-inch-display-mechanical-drawing.pdf). The thickness, 20 mm with the
//   adapter board and standoffs, is nominal: measure yours.
// td2: outline 189.5 × 120, depth 15, viewing area 155.5 × 88, from
//   Raspberry Pi's documentation (accessories/touch-display-2, "Dimensions").
// The window is centred on the outline: both documents give the areas'
// sizes, not where they sit. Nominal: check against your panel, and move the
// window with window_offset if its picture is off centre.
td1 = [192.96, 110.76, 20, 154.08, 85.92];
td2 = [189.5, 120, 15, 155.5, 88];

// The shell's walls and face.
wall = 2.4;
// Between the panel's outline and the walls, each side.
clearance = 0.6;
// Behind the panel: the Pi on its standoffs, its plugs and the cables
// (a Pi 4 or 5 is about 20 mm tall with its USB and Ethernet sockets).
pi_space = 30;
// The back plate.
back = 3;
// The window: larger than the viewable area by this much each side, moved
// by window_offset ([right, up]) from the centre.
window_margin = 1;
window_offset = [0, 0];
// The corner blocks the back plate screws into: their side, and the hole
// for an M3 heat-set insert (4.0 mm, 6 mm deep); the plate's holes are M3
// clearance (3.2 mm).
block = 10;
insert_hole = 4.0;
insert_depth = 6;
screw_hole = 3.2;
// The slot in the bottom wall for the cables (power, speaker, the pad's
// ribbon): width and height, at the back.
cable_slot = [60, 14];
// Vent slots in the back plate: count, length, width.
vents = 9;
vent = [60, 4];
$fn = 24;

panel = display == "td1" ? td1 : td2;
assert(display == "td1" || display == "td2", "display: say \"td1\" or \"td2\"");
assert(part == "front" || part == "back", "part: say \"front\" or \"back\"");

// The outside: the panel's outline, the clearance and a wall on each side;
// the shell's depth is its face, the panel and the space behind it.
width = panel[0] + 2 * (clearance + wall);
height = panel[1] + 2 * (clearance + wall);
depth = wall + panel[2] + pi_space;

// The centres of the corner blocks, where the back plate is screwed.
function corners() = [
  for (x = [wall + block / 2, width - wall - block / 2])
    for (y = [wall + block / 2, height - wall - block / 2]) [x, y]
];

module front() {
  // The corner blocks start just behind the panel; below them a 45° slope
  // into the corner, so that the shell prints face down without supports.
  z0 = wall + panel[2] + 0.4;
  difference() {
    union() {
      difference() {
        cube([width, height, depth]);
        translate([wall, wall, wall]) cube([width - 2 * wall, height - 2 * wall, depth]);
      }
      for (c = corners()) {
        sx = c[0] < width / 2 ? -1 : 1;
        sy = c[1] < height / 2 ? -1 : 1;
        hull() {
          translate([c[0] - block / 2, c[1] - block / 2, z0 + block]) cube([block, block, depth - z0 - block]);
          translate([c[0] + sx * block / 2 - (sx > 0 ? 0.01 : 0), c[1] + sy * block / 2 - (sy > 0 ? 0.01 : 0), z0])
            cube([0.01, 0.01, 0.01]);
        }
      }
    }
    // The window, through the face.
    ww = panel[3] + 2 * window_margin;
    wh = panel[4] + 2 * window_margin;
    translate([(width - ww) / 2 + window_offset[0], (height - wh) / 2 + window_offset[1], -1])
      cube([ww, wh, wall + 2]);
    // The cable slot, in the bottom wall at the back.
    translate([(width - cable_slot[0]) / 2, -1, depth - cable_slot[1]]) cube([cable_slot[0], wall + 2, cable_slot[1] + 1]);
    // The inserts, from the back.
    for (c = corners()) translate([c[0], c[1], depth - insert_depth]) cylinder(d = insert_hole, h = insert_depth + 1);
  }
}

module back_plate() {
  difference() {
    cube([width, height, back]);
    for (c = corners()) translate([c[0], c[1], -1]) cylinder(d = screw_hole, h = back + 2);
    pitch = vent[1] * 2;
    for (i = [0 : vents - 1])
      translate([(width - vent[0]) / 2, height / 2 - (vents - 1) * pitch / 2 + i * pitch - vent[1] / 2, -1])
        cube([vent[0], vent[1], back + 2]);
  }
}

if (part == "front") front(); else back_plate();
