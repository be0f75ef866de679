#include <iostream>
#include <vector>

long long totalHamming(const std::vector<long long>& nums) {
    long long total = 0;
    long long n = nums.size();
    for (int bit = 0; bit < 31; bit++) {
        long long ones = 0;
        for (long long x : nums) ones += (x >> bit) & 1;
        total += ones * (n - ones);
    }
    return total;
}

int main() {
    int n = 0;
    std::cin >> n;
    std::vector<long long> nums(n);
    for (int i = 0; i < n; i++) std::cin >> nums[i];
    std::cout << totalHamming(nums) << "\n";
    return 0;
}
