#include <iostream>
#include <string>

const std::string ONES[] = {"zero", "one", "two", "three", "four", "five", "six", "seven",
                            "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen",
                            "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"};
const std::string TENS[] = {"", "", "twenty", "thirty", "forty",
                            "fifty", "sixty", "seventy", "eighty", "ninety"};

std::string belowHundred(int m) {
    if (m < 20) return ONES[m];
    std::string word = TENS[m / 10];
    if (m % 10) word += "-" + ONES[m % 10];
    return word;
}

std::string numberWords(long long n) {
    if (n < 0 || n > 999) return "invalid";
    if (n < 100) return belowHundred((int)n);
    std::string word = ONES[n / 100] + " hundred";
    if (n % 100) word += " and " + belowHundred((int)(n % 100));
    return word;
}

int main() {
    long long n;
    while (std::cin >> n) std::cout << numberWords(n) << "\n";
    return 0;
}
