public class Main {
    static int[] tally(String[] events) {
        boolean locked = true;
        int passes = 0, alarms = 0, wasted = 0;
        for (String event : events) {
            if (event.equals("coin")) {
                if (locked) locked = false;
                else wasted++;
            } else if (event.equals("push")) {
                if (locked) {
                    alarms++;
                } else {
                    passes++;
                    locked = true;
                }
            }
        }
        return new int[] {passes, alarms, wasted};
    }

    public static void main(String[] args) throws Exception {
        String[] events = new String(System.in.readAllBytes()).trim().split("\\s+");
        int[] t = tally(events);
        System.out.println(t[0] + " " + t[1] + " " + t[2]);
    }
}
