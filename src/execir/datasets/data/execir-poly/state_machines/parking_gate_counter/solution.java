public class Main {
    static int[] trackGate(String[] events, int from, int capacity) {
        int occupancy = 0, turnedAway = 0, peak = 0;
        for (int i = from; i < events.length; i++) {
            if (events[i].equals("in")) {
                if (occupancy < capacity) {
                    occupancy++;
                    if (occupancy > peak) peak = occupancy;
                } else {
                    turnedAway++;
                }
            } else if (events[i].equals("out") && occupancy > 0) {
                occupancy--;
            }
        }
        return new int[] {occupancy, turnedAway, peak};
    }

    public static void main(String[] args) throws Exception {
        String[] tok = new String(System.in.readAllBytes()).trim().split("\\s+");
        int[] r = trackGate(tok, 1, Integer.parseInt(tok[0]));
        System.out.println(r[0] + " " + r[1] + " " + r[2]);
    }
}
