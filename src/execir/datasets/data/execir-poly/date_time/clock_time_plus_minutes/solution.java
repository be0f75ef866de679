public class Main {
    static String addMinutes(String clock, long offset) {
        long total = Long.parseLong(clock.substring(0, 2)) * 60 + Long.parseLong(clock.substring(3, 5)) + offset;
        total = Math.floorMod(total, 1440L);
        return String.format("%02d:%02d", total / 60, total % 60);
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int q = Integer.parseInt(t[0]);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < q; i++) {
            out.append(addMinutes(t[1 + 2 * i], Long.parseLong(t[2 + 2 * i]))).append("\n");
        }
        System.out.print(out);
    }
}
