public class Main {
    static String utcText(long t) {
        long days = Math.floorDiv(t, 86400L), secs = Math.floorMod(t, 86400L);
        long z = days + 719468;
        long era = z / 146097, doe = z - era * 146097;
        long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
        long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        long mp = (5 * doy + 2) / 153;
        long d = doy - (153 * mp + 2) / 5 + 1;
        long m = mp < 10 ? mp + 3 : mp - 9;
        return String.format("%04d-%02d-%02d %02d:%02d:%02d", yoe + era * 400 + (m <= 2 ? 1 : 0), m, d,
                secs / 3600, secs / 60 % 60, secs % 60);
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int q = Integer.parseInt(t[0]);
        StringBuilder out = new StringBuilder();
        for (int i = 1; i <= q; i++) out.append(utcText(Long.parseLong(t[i]))).append("\n");
        System.out.print(out);
    }
}
