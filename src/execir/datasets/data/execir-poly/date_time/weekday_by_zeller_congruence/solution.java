public class Main {
    static final String[] NAMES = {"Saturday", "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday"};

    static String weekdayName(int year, int month, int day) {
        if (month < 3) {
            month += 12;
            year -= 1;
        }
        int k = year % 100;
        int j = year / 100;
        int h = (day + (13 * (month + 1)) / 5 + k + k / 4 + j / 4 + 5 * j) % 7;
        return NAMES[h];
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int q = Integer.parseInt(t[0]);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < q; i++) {
            out.append(weekdayName(Integer.parseInt(t[1 + 3 * i]), Integer.parseInt(t[2 + 3 * i]),
                    Integer.parseInt(t[3 + 3 * i]))).append("\n");
        }
        System.out.print(out);
    }
}
