public class Main {
    static long[] totalTravel(int start, int[] requests, int lo, int hi) {
        int current = start;
        long travelled = 0;
        for (int floor : requests) {
            if (floor < lo || floor > hi) continue;
            travelled += Math.abs(floor - current);
            current = floor;
        }
        return new long[] {travelled, current};
    }

    public static void main(String[] args) throws Exception {
        String[] tok = new String(System.in.readAllBytes()).trim().split("\\s+");
        int[] requests = new int[tok.length - 3];
        for (int i = 3; i < tok.length; i++) requests[i - 3] = Integer.parseInt(tok[i]);
        long[] r = totalTravel(Integer.parseInt(tok[0]), requests,
                               Integer.parseInt(tok[1]), Integer.parseInt(tok[2]));
        System.out.println(r[0]);
        System.out.println(r[1]);
    }
}
