public class Main {
    static String dayClock(long seconds) {
        if (seconds < 0) return "invalid";
        long days = seconds / 86400, rest = seconds % 86400;
        String clock = String.format("%02d:%02d:%02d", rest / 3600, rest / 60 % 60, rest % 60);
        return days > 0 ? days + "d " + clock : clock;
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int q = Integer.parseInt(t[0]);
        StringBuilder out = new StringBuilder();
        for (int i = 1; i <= q; i++) out.append(dayClock(Long.parseLong(t[i]))).append("\n");
        System.out.print(out);
    }
}
