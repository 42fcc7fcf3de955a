import { z } from 'zod';

/** Enumerations shared by the whole product (spec parts 1 and 2). */

export const Role = z.enum(['owner', 'admin', 'trainer', 'member']);
export type Role = z.infer<typeof Role>;
/** Roles a visitor may pick on the registration screen ("admin" creates a new gym and makes its owner). */
export const RegisterRole = z.enum(['member', 'trainer', 'admin']);
export const STAFF_ROLES: readonly Role[] = ['owner', 'admin'];

export const PlanId = z.enum(['free', 'mini', 'starter', 'pro', 'enterprise']);
export type PlanId = z.infer<typeof PlanId>;

export const Theme = z.enum(['light', 'dark', 'system']);
export const Language = z.enum(['en', 'hi']);
export type Language = z.infer<typeof Language>;

export const MembershipType = z.enum(['basic', 'premium', 'vip', 'annual']);
export type MembershipType = z.infer<typeof MembershipType>;
/**
 * The spec's three (active, expired, inactive) plus the states the event-sourced membership has: `pending` (joined
 * with the gym's code or registered to start later; awaiting its first term), `frozen` (paused; the frozen days extend
 * the end date), `cancelled` (ended early by staff), `archived` (removed from the lists; history and payments kept).
 * The UI shows active green, expired red, frozen blue, the rest grey.
 */
export const MembershipStatus = z.enum(['active', 'pending', 'frozen', 'expired', 'cancelled', 'inactive', 'archived']);
export type MembershipStatus = z.infer<typeof MembershipStatus>;
export const PaymentFrequency = z.enum(['monthly', 'quarterly', 'annually']);
export type PaymentFrequency = z.infer<typeof PaymentFrequency>;
export const Gender = z.enum(['male', 'female', 'other']);

export const NotificationType = z.enum(['payment', 'attendance', 'trainer', 'system', 'feedback', 'inventory', 'membership']);
export type NotificationType = z.infer<typeof NotificationType>;
export const NotificationStatus = z.enum(['unread', 'read', 'archived']);
export type NotificationStatus = z.infer<typeof NotificationStatus>;
export const NotificationPriority = z.enum(['urgent', 'high', 'medium', 'low']);
export type NotificationPriority = z.infer<typeof NotificationPriority>;

export const Specialization = z.enum(['strength_training', 'cardio', 'yoga', 'pilates', 'crossfit', 'nutrition', 'rehabilitation']);
export type Specialization = z.infer<typeof Specialization>;
export const AvailabilityStatus = z.enum(['available', 'fully_booked', 'unavailable']);
export type AvailabilityStatus = z.infer<typeof AvailabilityStatus>;
/** A trainer record: `pending` = registered with the join code, awaiting an admin's approval (sees nothing of the gym). */
export const TrainerStatus = z.enum(['active', 'pending', 'archived']);
export type TrainerStatus = z.infer<typeof TrainerStatus>;
/** The sign-in account behind a member or trainer record: invited (mail sent, no password yet), active, or none (invitation could not be made, e.g. the email belongs to another account). */
export const AccountStatus = z.enum(['invited', 'active', 'failed', 'none']);
export type AccountStatus = z.infer<typeof AccountStatus>;

export const WorkoutType = z.enum(['cardio', 'strength', 'yoga', 'pilates', 'crossfit', 'swimming', 'other']);
export const AttendanceStatus = z.enum(['active', 'completed', 'late']);

export const PaymentStatus = z.enum(['pending', 'completed', 'failed', 'refunded', 'cancelled', 'partially_refunded']);
export const PaymentCategory = z.enum(['member', 'trainer', 'expense', 'other']);
export const PaymentMethod = z.enum(['cash', 'upi', 'card', 'netbanking', 'cheque', 'razorpay', 'phonepe', 'paytm']);
export type PaymentMethod = z.infer<typeof PaymentMethod>;
export const PaymentTypeByCategory = {
  member: [
    'membership_fee',
    'membership_renewal',
    'registration_fee',
    'personal_training',
    'group_class',
    'supplement_purchase',
    'equipment_rental',
    'locker_fee',
    'other',
  ],
  trainer: ['salary', 'commission', 'bonus', 'incentive'],
  expense: ['equipment', 'maintenance', 'utilities', 'rent', 'other'],
  other: ['refund', 'adjustment', 'product_sale', 'other'],
} as const;
export const AnalyticsPeriod = z.enum(['day', 'week', 'month', 'year', 'custom']);

export const InventoryCategory = z.enum(['equipment', 'supplement', 'accessory', 'consumable']);
export const InventoryStatus = z.enum(['active', 'inactive', 'maintenance', 'out_of_service', 'disposed']);
export const InventoryCondition = z.enum(['excellent', 'good', 'fair', 'poor', 'needs_repair']);
export const InventoryPriority = z.enum(['low', 'medium', 'high', 'critical']);

export const ConversationType = z.enum(['direct', 'group', 'broadcast']);
export const MessageContentType = z.enum(['text', 'image', 'file']);

export const FeedbackType = z.enum(['general', 'trainer', 'facility', 'service', 'membership', 'complaint']);
export const ComplaintCategory = z.enum(['equipment', 'cleanliness', 'safety', 'trainer', 'staff', 'billing', 'membership', 'facility', 'noise', 'other']);
export const FeedbackPriority = z.enum(['low', 'medium', 'high', 'urgent']);
export const FeedbackStatus = z.enum(['open', 'in_progress', 'resolved', 'closed']);

export const NotificationChannel = z.enum(['inApp', 'email', 'sms']);
