public class Main {
    static int dayOfYear(int year, int month, int day) {
        int[] lengths = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
        if (year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)) lengths[1] = 29;
        if (month < 1 || month > 12 || day < 1 || day > lengths[month - 1]) return -1;
        int total = 0;
        for (int i = 0; i < month - 1; i++) total += lengths[i];
        return total + day;
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int q = Integer.parseInt(t[0]);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < q; i++) {
            int result = dayOfYear(Integer.parseInt(t[1 + 3 * i]), Integer.parseInt(t[2 + 3 * i]),
                    Integer.parseInt(t[3 + 3 * i]));
            out.append(result < 0 ? "invalid" : String.valueOf(result)).append("\n");
        }
        System.out.print(out);
    }
}
